import { LegalPage } from './LegalPage';

export default function ImprintPage() {
  return <LegalPage titleKey="titles.imprint" textKey="legal.imprintText" />;
}
