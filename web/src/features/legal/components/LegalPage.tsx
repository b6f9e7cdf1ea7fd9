import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function LegalPage({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <Paper className="arbor-guest-card" p={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1} fz={28} lts={-0.4}>
          {t(titleKey)}
        </Title>
        <Text lh={1.7}>{t(textKey)}</Text>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          {t('legal.placeholder')}
        </Alert>
      </Stack>
    </Paper>
  );
}
