import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function FooterLinks({ justify = 'space-between' }: { justify?: 'center' | 'space-between' }) {
  const { t } = useTranslation();
  return (
    <Group justify={justify} gap="lg" wrap="wrap" component="footer" py="md">
      <Text size="sm" c="dimmed">
        {t('shell.footer', { year: new Date().getFullYear() })}
      </Text>
      <Group gap="lg" component="nav" aria-label="Legal">
        <Link className="arbor-footer-link" to="/imprint">
          {t('nav.imprint')}
        </Link>
        <Link className="arbor-footer-link" to="/privacy">
          {t('nav.privacy')}
        </Link>
        <Link className="arbor-footer-link" to="/terms">
          {t('nav.terms')}
        </Link>
      </Group>
    </Group>
  );
}
