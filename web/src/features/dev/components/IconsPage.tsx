import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import * as USED from './usedIcons';

export default function IconsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('icons.heading')} description={t('icons.text')} />
      <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="sm">
        {Object.entries(USED).map(([name, Icon]) => {
          return (
            <Card key={name} padding="md">
              <Stack align="center" gap={8}>
                <Icon size={28} stroke={1.6} />
                <Text size="xs" c="dimmed" ta="center">
                  {name}
                </Text>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}
