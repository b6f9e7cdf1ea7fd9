import { useEffect, useState } from 'react';
import { ActionIcon, Box, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileURL, type FileOwner, type StoredFile } from '@/api/documents/documents';
import { DeleteFileModal, EditFileModal } from '@/components/documents/FileModals';
import { Photo } from './Photo';
import { PhotoActions, PhotoFacts } from './PhotoFacts';

export interface LightboxProps {
  owner: FileOwner;
  photos: StoredFile[];
  /** The photo shown; null closes the lightbox. */
  index: number | null;
  onIndex: (i: number | null) => void;
  mayEdit: boolean;
}

/** One photo large, stepped through with buttons or the arrow keys, with its caption, time and
 * place, to download, re-caption or delete. */
export function Lightbox({ owner, photos, index, onIndex, mayEdit }: LightboxProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 40em)');
  const [editing, setEditing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const n = photos.length;
  const p = index !== null && n > 0 ? photos[Math.min(index, n - 1)] : null;
  const step = (d: number) => index !== null && n > 0 && onIndex((index + d + n) % n);
  useEffect(() => {
    if (index === null || editing || deleting) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') step(1);
      if (e.key === 'ArrowLeft') step(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <>
      <Modal
        opened={!!p && !editing && !deleting}
        onClose={() => onIndex(null)}
        size="xl"
        fullScreen={phone}
        centered
        title={
          <Text fw={650} truncate maw={phone ? 240 : 560}>
            {p?.name}
          </Text>
        }
        data-testid="lightbox"
      >
        {p && (
          <Stack gap="sm" data-testid="lightbox-body" data-index={index}>
            <Box
              pos="relative"
              h={phone ? '60vh' : '62vh'}
              bg="var(--mantine-color-default-hover)"
              style={{ borderRadius: 8 }}
            >
              <Photo src={fileURL(owner, p, 'large')} alt={p.caption || p.name} fit="contain" testId="lightbox-image" />
              {n > 1 && (
                <>
                  <StepButton side="left" onClick={() => step(-1)} />
                  <StepButton side="right" onClick={() => step(1)} />
                </>
              )}
            </Box>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <PhotoFacts photo={p} index={index ?? 0} count={n} />
              <PhotoActions
                owner={owner}
                photo={p}
                mayEdit={mayEdit}
                onEdit={() => setEditing(p)}
                onDelete={() => setDeleting(p)}
              />
            </Group>
            {n > 1 && !phone && (
              <Text size="xs" c="dimmed" ta="center">
                {t('documents.keys')}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
      <EditFileModal owner={owner} file={editing} onClose={() => setEditing(null)} />
      <DeleteFileModal
        owner={owner}
        file={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => onIndex(n > 1 ? Math.max(0, (index ?? 0) - 1) : null)}
      />
    </>
  );
}

/** The round button on the photo's left or right edge that shows the previous or next photo. */
function StepButton({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const { t } = useTranslation();
  const previous = side === 'left';
  const Icon = previous ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon
      variant="default"
      radius="xl"
      size="lg"
      pos="absolute"
      {...{ [side]: 8 }}
      top="50%"
      style={{ transform: 'translateY(-50%)' }}
      onClick={onClick}
      aria-label={previous ? t('documents.previous') : t('documents.next')}
      data-testid={previous ? 'lightbox-prev' : 'lightbox-next'}
    >
      <Icon size={20} />
    </ActionIcon>
  );
}
