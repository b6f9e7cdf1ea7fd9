import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Tree } from '@/api/trees/types';
import { formatDateTime } from '@/lib/trees/format';
import { Section } from '../Section';

/** Who created the tree and who changed it last, and when. */
export function RecordSection({ tree }: { tree: Tree }) {
  const { t } = useTranslation();
  return (
    <Section title={t('trees.general.record')}>
      <SimpleGrid cols={2} spacing="sm">
        <Stamp
          label={t('trees.general.created')}
          at={tree.create_timestamp}
          by={tree.create_alias || tree.create_username}
          testId="tree-created"
        />
        <Stamp
          label={t('trees.general.changed')}
          at={tree.object_timestamp}
          by={tree.object_alias || tree.object_username}
          testId="tree-changed"
        />
      </SimpleGrid>
    </Section>
  );
}

function Stamp({ label, at, by, testId }: { label: string; at: string; by: string; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {formatDateTime(at, i18n.language)}
      </Text>
      <Text size="xs" c="dimmed">
        {by}
      </Text>
    </Stack>
  );
}
