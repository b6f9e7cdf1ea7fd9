import type { ReactNode, Ref } from 'react';
import { Box, Group, Loader } from '@mantine/core';
import { ErrorAlert } from '@/components/ErrorAlert';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import type { Scheme } from '../api/map';

interface Props {
  frameRef: Ref<HTMLDivElement>;
  height: number | string;
  fullscreen: boolean;
  scheme: Scheme;
  /** Data attributes that tell the map's state (for tests and styles). */
  data: Record<`data-${string}`, string | boolean>;
  /** The map style failed to load: why. */
  error: unknown;
  /** Still loading: a spinner instead of the map. */
  loading: boolean;
  children: ReactNode;
}

/** The map's frame: in the page or full screen, with the style's error or the loading spinner. */
export function MapFrame({ frameRef, height, fullscreen, scheme, data, error, loading, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      ref={frameRef}
      pos={fullscreen ? 'fixed' : 'relative'}
      h={fullscreen ? '100dvh' : height}
      data-testid="map-panel"
      data-scheme={scheme}
      data-fullscreen={fullscreen}
      {...data}
      style={{
        ...(fullscreen ? { inset: 0, zIndex: 250 } : { borderRadius: 'var(--mantine-radius-lg)' }),
        overflow: 'hidden',
        border: fullscreen ? 'none' : '1px solid var(--mantine-color-default-border)',
        background: scheme === 'dark' ? '#1b1f22' : '#eef1ec',
      }}
    >
      {error != null && (
        <ErrorAlert m="md">{error instanceof ApiError ? error.message : t('map.errors.style')}</ErrorAlert>
      )}
      {loading && error == null && (
        <Group justify="center" align="center" h="100%" data-testid="map-loading">
          <Loader size="sm" />
        </Group>
      )}
      {children}
    </Box>
  );
}
