import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return <LegalPage titleKey="titles.privacy" textKey="legal.privacyText" />;
}
