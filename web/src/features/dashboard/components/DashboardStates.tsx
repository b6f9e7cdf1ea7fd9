import type { ComponentProps, ReactNode } from 'react';
import { Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/ListStates';
import { ErrorAlert } from '@/components/ErrorAlert';

/** Grey shapes where the cards will be, while the figures load. */
export function DashboardSkeleton({ figures = 4 }: { figures?: number }) {
  return (
    <Stack gap="md" data-testid="loading">
      <SimpleGrid cols={{ base: 1, xs: 2, md: figures }} spacing="md">
        {Array.from({ length: figures }, (_, i) => (
          <Skeleton key={i} h={104} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton h={280} radius="lg" />
        <Skeleton h={280} radius="lg" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={320} radius="lg" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The figures could not be loaded: say so, and offer to try again. */
export function DashboardError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorAlert title={t('dashboard.loadFailed')}>
      <Stack gap="sm" align="flex-start">
        {message}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      </Stack>
    </ErrorAlert>
  );
}

/** A dashboard whose figures are not there: its header over the skeleton, or over the error. */
export function DashboardPending({
  header,
  query,
  figures,
}: {
  header: ReactNode;
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  figures?: number;
}) {
  return (
    <>
      {header}
      {query.isError ? (
        <DashboardError message={query.error?.message} onRetry={() => void query.refetch()} />
      ) : (
        <DashboardSkeleton figures={figures} />
      )}
    </>
  );
}

/** A dashboard with nothing to sum up yet: its header over what it will show, and the way to start. */
export function DashboardEmpty({ header, ...empty }: { header: ReactNode } & ComponentProps<typeof EmptyCard>) {
  return (
    <>
      {header}
      <EmptyCard {...empty} />
    </>
  );
}
