import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ErrorAlert } from './ErrorAlert';
import { NotFoundState } from './NotFoundState';

/**
 * Why the page of one organisation or project does not show: it is unknown or someone else's
 * (404, with the way back to the list of its kind), or the server's message.
 */
export function PageLoadError({ error, kind }: { error: Error; kind: 'organisation' | 'project' }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404)
    return (
      <NotFoundState
        title={t(`${kind}.notFound`)}
        text={t(`${kind}.notFoundText`)}
        back={`/${kind}s`}
        backLabel={t(`${kind}.backToList`)}
      />
    );
  return <ErrorAlert>{error.message}</ErrorAlert>;
}

/** Grey shapes of a page while it loads: the header's title and line, then its blocks (heights). */
export function PageSkeleton({ blocks, titleWidth = 300 }: { blocks: number[]; titleWidth?: number }) {
  return (
    <Stack gap="lg" data-testid="loading">
      <Stack gap={8}>
        <Skeleton h={30} w={titleWidth} radius="sm" />
        <Skeleton h={16} w={titleWidth - 100} radius="sm" />
      </Stack>
      {blocks.map((h, i) => (
        <Skeleton key={i} h={h} radius={h < 60 ? 'sm' : 'lg'} />
      ))}
    </Stack>
  );
}
