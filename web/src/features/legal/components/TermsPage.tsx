import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return <LegalPage titleKey="titles.terms" textKey="legal.termsText" />;
}
