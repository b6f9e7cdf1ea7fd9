import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center py={48}>
      <Stack align="center" gap="md" maw={480} ta="center" data-testid="not-found">
        <Text
          fz={96}
          fw={800}
          lh={1}
          lts={-4}
          variant="gradient"
          gradient={{ from: 'arbor.4', to: 'arbor.8', deg: 135 }}
        >
          404
        </Text>
        <Title order={1} fz={28}>
          {t('titles.notFound')}
        </Title>
        <Text c="dimmed">{t('errors.notFoundText')}</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />} mt="sm">
          {t('errors.back')}
        </Button>
      </Stack>
    </Center>
  );
}
