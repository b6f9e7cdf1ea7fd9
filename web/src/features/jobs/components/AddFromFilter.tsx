import { useState } from 'react';
import { Button, Group, Select, Text } from '@mantine/core';
import { IconFilterPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSavedFilters } from '@/api/filters/getSavedFilters';
import type { Job } from '@/api/jobs/types';
import { AddToJobModal } from './AddToJobModal';

/** Builds an open job from a saved filter of its project: every object the filter shows (with the overlap warning). */
export function AddFromFilter({ job }: { job: Pick<Job, 'id' | 'project'> }) {
  const { t } = useTranslation();
  const filters = useSavedFilters(job.project);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const filter = filters.data?.find((f) => f.id === chosen);
  if (!filters.isPending && !filters.data?.length) {
    return (
      <Text size="xs" c="dimmed" data-testid="no-saved-filters">
        {t('jobs.fromFilter.none')}
      </Text>
    );
  }
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="add-from-filter">
      <Select
        size="xs"
        w={260}
        label={t('jobs.fromFilter.label')}
        placeholder={t('jobs.fromFilter.placeholder')}
        data={(filters.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
        value={chosen}
        onChange={setChosen}
        data-testid="saved-filter-select"
      />
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFilterPlus size={14} />}
        disabled={!filter}
        onClick={() => setAdding(true)}
        data-testid="add-from-filter-button"
      >
        {t('jobs.fromFilter.button')}
      </Button>
      {adding && filter && (
        <AddToJobModal
          projectId={job.project}
          selection={{ filter: filter.filter }}
          opened
          initialJob={job.id}
          onClose={() => setAdding(false)}
          onDone={() => setChosen(null)}
        />
      )}
    </Group>
  );
}
