import { useRef, useState } from 'react';
import { Button, Group, Paper, Progress, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const RADII = [5, 10, 15, 25, 50];

/** The first step: the photos (dropped or chosen) and how far from a tree one may have been taken. */
export function ChooseStep({
  photos,
  onPhotos,
  radius,
  onRadius,
  checked,
}: {
  photos: File[];
  onPhotos: (f: File[]) => void;
  radius: number;
  onRadius: (r: number) => void;
  /** Photos matched so far while checking; null when not checking. */
  checked: number | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const add = (list: FileList | null) => {
    if (!list) return;
    const seen = new Set(photos.map((f) => `${f.name}/${f.size}`));
    onPhotos([...photos, ...[...list].filter((f) => !seen.has(`${f.name}/${f.size}`))]);
  };
  return (
    <Stack gap="md">
      <Text size="sm">{t('photoImport.choose.how')}</Text>
      <Paper
        withBorder
        p="xl"
        radius="md"
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
          cursor: 'pointer',
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          add(e.dataTransfer.files);
        }}
        onClick={() => input.current?.click()}
        data-testid="photo-import-drop"
      >
        <Stack align="center" gap={6}>
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconPhotoUp size={28} />
          </ThemeIcon>
          <Text fw={600}>{t('photoImport.choose.drop')}</Text>
          <Text size="sm" c="dimmed">
            {t('photoImport.choose.formats')}
          </Text>
          <Button variant="light" size="xs" mt={4} tabIndex={-1}>
            {t('photoImport.choose.pick')}
          </Button>
        </Stack>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label={t('photoImport.choose.pick')}
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
          data-testid="photo-import-input"
        />
      </Paper>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" fw={500} data-testid="photo-import-chosen">
            {t('photoImport.choose.chosen', { count: photos.length })}
          </Text>
          {photos.length > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={() => onPhotos([])}>
              {t('photoImport.choose.clear')}
            </Button>
          )}
        </Group>
        <Select
          label={t('photoImport.choose.radius')}
          description={t('photoImport.choose.radiusHint')}
          data={RADII.map((r) => ({ value: String(r), label: t('photoImport.choose.metres', { count: r }) }))}
          value={String(radius)}
          onChange={(v) => v && onRadius(Number(v))}
          allowDeselect={false}
          w={260}
          data-testid="photo-import-radius"
        />
      </Group>
      {checked !== null && (
        <Stack gap={4}>
          <Progress value={(100 * checked) / Math.max(photos.length, 1)} animated />
          <Text size="xs" c="dimmed">
            {t('photoImport.choose.checking', { done: checked, total: photos.length })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
