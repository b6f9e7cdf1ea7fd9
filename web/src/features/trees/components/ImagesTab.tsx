import { useEffect, useState } from 'react';
import {
  ActionIcon,
  AspectRatio,
  Box,
  Center,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCalendar,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconMapPin,
  IconPencil,
  IconPhoto,
  IconPhotoOff,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/ListStates';
import { fileURL, type FileOwner, type StoredFile } from '@/api/documents/documents';
import { ACCEPT_PHOTOS } from '@/components/documents/fileIcons';
import { DeleteFileModal, EditFileModal } from '@/components/documents/FileModals';
import { UploadButton } from '@/components/documents/UploadButton';

/** A photo that may be missing from storage: then 'Image could not be loaded'. */
function Photo({ src, alt, fit, testId }: { src: string; alt: string; fit: 'cover' | 'contain'; testId?: string }) {
  const { t } = useTranslation();
  // Remembered by address, so the next photo of the lightbox gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <Center h="100%" bg="var(--mantine-color-default-hover)" data-testid="image-failed" style={{ borderRadius: 8 }}>
        <Stack align="center" gap={4} p="xs">
          <IconPhotoOff size={26} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed" ta="center">
            {t('documents.imageFailed')}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      fit={fit}
      h="100%"
      radius="sm"
      loading="lazy"
      onError={() => setFailedSrc(src)}
      data-testid={testId}
    />
  );
}

/** Images: the object's photos as a gallery, a lightbox with keyboard navigation, captions. */
export function ImagesTab({
  owner,
  photos,
  loading,
  mayEdit,
}: {
  owner: FileOwner;
  photos: StoredFile[];
  loading: boolean;
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack gap="sm" pb="md" data-testid="tree-images">
      {mayEdit && (
        <UploadButton owner={owner} accept={ACCEPT_PHOTOS} label={t('documents.addPhotos')} testId="upload-photos" />
      )}
      {loading ? (
        <SimpleGrid cols={3} spacing={6}>
          {[0, 1, 2].map((i) => (
            <AspectRatio key={i} ratio={1}>
              <Skeleton radius="sm" />
            </AspectRatio>
          ))}
        </SimpleGrid>
      ) : photos.length === 0 ? (
        <EmptyCard
          icon={<IconPhoto size={30} stroke={1.5} />}
          title={t('trees.files.images.title')}
          text={mayEdit ? t('trees.files.images.textEdit') : t('trees.files.images.text')}
          testId="tree-images-empty"
        />
      ) : (
        <SimpleGrid cols={3} spacing={6} data-testid="gallery">
          {photos.map((p, i) => (
            <UnstyledButton
              key={p.id}
              onClick={() => setOpen(i)}
              aria-label={t('documents.openPhoto', { name: p.caption || p.name })}
              data-testid="gallery-item"
              style={{ borderRadius: 8, overflow: 'hidden' }}
            >
              <AspectRatio ratio={1}>
                <Photo src={fileURL(owner, p, 'small')} alt={p.caption || p.name} fit="cover" testId="gallery-thumb" />
              </AspectRatio>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <Lightbox owner={owner} photos={photos} index={open} onIndex={setOpen} mayEdit={mayEdit} />
    </Stack>
  );
}

function Lightbox({
  owner,
  photos,
  index,
  onIndex,
  mayEdit,
}: {
  owner: FileOwner;
  photos: StoredFile[];
  index: number | null;
  onIndex: (i: number | null) => void;
  mayEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
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
  const taken = p?.taken_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date(p.taken_at),
      )
    : null;
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
                  <ActionIcon
                    variant="default"
                    radius="xl"
                    size="lg"
                    pos="absolute"
                    left={8}
                    top="50%"
                    style={{ transform: 'translateY(-50%)' }}
                    onClick={() => step(-1)}
                    aria-label={t('documents.previous')}
                    data-testid="lightbox-prev"
                  >
                    <IconChevronLeft size={20} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    radius="xl"
                    size="lg"
                    pos="absolute"
                    right={8}
                    top="50%"
                    style={{ transform: 'translateY(-50%)' }}
                    onClick={() => step(1)}
                    aria-label={t('documents.next')}
                    data-testid="lightbox-next"
                  >
                    <IconChevronRight size={20} />
                  </ActionIcon>
                </>
              )}
            </Box>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text
                  size="sm"
                  fw={p.caption ? 500 : 400}
                  c={p.caption ? undefined : 'dimmed'}
                  data-testid="lightbox-caption"
                >
                  {p.caption || t('documents.noCaption')}
                </Text>
                <Group gap="md" wrap="wrap">
                  {taken && (
                    <Group gap={4} wrap="nowrap">
                      <IconCalendar size={14} color="var(--mantine-color-dimmed)" />
                      <Text size="xs" c="dimmed" data-testid="lightbox-taken">
                        {t('documents.takenAt', { date: taken })}
                      </Text>
                    </Group>
                  )}
                  {p.taken_lat !== null && p.taken_lon !== null && (
                    <Group gap={4} wrap="nowrap">
                      <IconMapPin size={14} color="var(--mantine-color-dimmed)" />
                      <Text size="xs" c="dimmed" data-testid="lightbox-place">
                        {`${p.taken_lat.toFixed(5)}, ${p.taken_lon.toFixed(5)}`}
                      </Text>
                    </Group>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('documents.counter', { index: (index ?? 0) + 1, count: n })}
                  </Text>
                </Group>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  component="a"
                  href={fileURL(owner, p, 'download')}
                  download={p.name}
                  variant="subtle"
                  color="gray"
                  aria-label={t('documents.download')}
                >
                  <IconDownload size={18} />
                </ActionIcon>
                {mayEdit && (
                  <>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => setEditing(p)}
                      aria-label={t('documents.editCaption')}
                      data-testid="lightbox-edit"
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(p)}
                      aria-label={t('documents.delete.action')}
                      data-testid="lightbox-delete"
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </>
                )}
              </Group>
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
