import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileText, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Images and Documents: stored files arrive with the documents release; until then, say so. */
export function FilesTab({ kind }: { kind: 'images' | 'documents' }) {
  const { t } = useTranslation();
  const Icon = kind === 'images' ? IconPhoto : IconFileText;
  return (
    <Paper withBorder radius="md" p="xl" mt="xs" style={{ borderStyle: 'dashed' }} data-testid={`tree-${kind}-empty`}>
      <Stack align="center" gap="sm">
        <ThemeIcon variant="light" size={56} radius="xl" color="gray">
          <Icon size={30} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>{t(`trees.files.${kind}.title`)}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={320}>
          {t(`trees.files.${kind}.text`)}
        </Text>
      </Stack>
    </Paper>
  );
}
