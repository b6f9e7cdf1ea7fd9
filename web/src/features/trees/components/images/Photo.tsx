import { useState } from 'react';
import { Center, Image, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A photo that may be missing from storage: then 'Image could not be loaded'. */
export function Photo({
  src,
  alt,
  fit,
  testId,
}: {
  src: string;
  alt: string;
  fit: 'cover' | 'contain';
  testId?: string;
}) {
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
