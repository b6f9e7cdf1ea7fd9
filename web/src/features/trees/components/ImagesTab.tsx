import { useState } from 'react';
import { AspectRatio, SimpleGrid, Skeleton, Stack, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/ListStates';
import { fileURL, type FileOwner, type StoredFile } from '@/api/documents/documents';
import { ACCEPT_PHOTOS } from '@/components/documents/fileIcons';
import { UploadButton } from '@/components/documents/UploadButton';
import { Lightbox } from './images/Lightbox';
import { Photo } from './images/Photo';

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
          icon={IconPhoto}
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
