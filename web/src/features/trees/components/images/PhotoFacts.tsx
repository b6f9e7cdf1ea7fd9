import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconDownload, IconMapPin, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileURL, type FileOwner, type StoredFile } from '@/api/documents/documents';
import { IconAction } from '@/components/IconAction';

/** A photo's caption, when and where it was taken (from its EXIF), and which of how many it is. */
export function PhotoFacts({ photo: p, index, count }: { photo: StoredFile; index: number; count: number }) {
  const { t, i18n } = useTranslation();
  const taken = p.taken_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date(p.taken_at),
      )
    : null;
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text size="sm" fw={p.caption ? 500 : 400} c={p.caption ? undefined : 'dimmed'} data-testid="lightbox-caption">
        {p.caption || t('documents.noCaption')}
      </Text>
      <Group gap="md" wrap="wrap">
        {taken && (
          <Fact icon={IconCalendar} testId="lightbox-taken">
            {t('documents.takenAt', { date: taken })}
          </Fact>
        )}
        {p.taken_lat !== null && p.taken_lon !== null && (
          <Fact icon={IconMapPin} testId="lightbox-place">
            {`${p.taken_lat.toFixed(5)}, ${p.taken_lon.toFixed(5)}`}
          </Fact>
        )}
        <Text size="xs" c="dimmed">
          {t('documents.counter', { index: index + 1, count })}
        </Text>
      </Group>
    </Stack>
  );
}

function Fact({ icon: Icon, testId, children }: { icon: typeof IconMapPin; testId: string; children: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={14} color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

export interface PhotoActionsProps {
  owner: FileOwner;
  photo: StoredFile;
  mayEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** Download the photo as it was uploaded; and, for who may edit, change its caption or delete it. */
export function PhotoActions({ owner, photo, mayEdit, onEdit, onDelete }: PhotoActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        component="a"
        href={fileURL(owner, photo, 'download')}
        download={photo.name}
        variant="subtle"
        color="gray"
        aria-label={t('documents.download')}
      >
        <IconDownload size={18} />
      </ActionIcon>
      {mayEdit && (
        <>
          <IconAction label={t('documents.editCaption')} icon={IconPencil} onClick={onEdit} testId="lightbox-edit" />
          <IconAction
            label={t('documents.delete.action')}
            icon={IconTrash}
            color="red"
            onClick={onDelete}
            testId="lightbox-delete"
          />
        </>
      )}
    </Group>
  );
}
