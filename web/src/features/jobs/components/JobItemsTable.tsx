import { useState } from 'react';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInputState, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { searchItems } from '../job';
import type { Job, JobItem } from '@/api/jobs/types';
import { RemoveFromJobModal } from './RemoveFromJobModal';
import { EmptyJob } from './EmptyJob';
import { AddFromFilter } from './AddFromFilter';
import { AddWorkModal } from './AddWorkModal';
import { RowButton, RowButtons } from '@/components/RowButton';

function State({ item, iconOnly }: { item: JobItem; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const done = item.action ? !!item.execute_timestamp : !!item.check_timestamp;
  const label = item.action
    ? t(done ? 'jobs.items.done' : 'jobs.items.open')
    : t(done ? 'jobs.items.inspected' : 'jobs.items.notInspected');
  return (
    <Group gap={6} wrap="nowrap" data-testid="item-state" data-done={done} title={iconOnly ? label : undefined}>
      {done ? (
        <IconCircleCheck size={16} color="var(--mantine-color-arbor-6)" />
      ) : (
        <IconCircleDashed size={16} color="var(--mantine-color-dimmed)" />
      )}
      {iconOnly ? (
        <VisuallyHidden>{label}</VisuallyHidden>
      ) : (
        <Text size="sm" c={done ? undefined : 'dimmed'}>
          {label}
        </Text>
      )}
    </Group>
  );
}

/** The job's trees, groups and works with their state; management removes items (confirmed). */
export function JobItemsTable({
  job,
  items,
  loading,
  manage,
  onOpen,
}: {
  job: Pick<Job, 'id' | 'name' | 'project' | 'status'>;
  items: JobItem[] | undefined;
  loading: boolean;
  manage: boolean;
  /** Opens a tree or group (its info window) from its row. */
  onOpen?: (tree: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // A phone: kind, species and deadline go under the number, the state is its icon; no sideways scroll.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [q, setQ] = useInputState('');
  const [removing, setRemoving] = useState<JobItem | null>(null);
  const [addingTo, setAddingTo] = useState<JobItem | null>(null);
  const open = job.status === 0;
  const list = searchItems(items ?? [], q);
  const label = (i: JobItem) => (i.number_text ? `${i.number} (${i.number_text})` : String(i.number));
  const what = (i: JobItem) =>
    i.action
      ? t('jobs.remove.workWhat', { work: i.action_name, number: label(i) })
      : t(i.single_tree ? 'jobs.remove.treeWhat' : 'jobs.remove.groupWhat', { number: label(i) });
  return (
    <Card padding="lg" data-testid="job-items">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Title order={3} fz="md">
            {t('jobs.items.title')}
          </Title>
          {items && (
            <Badge variant="light" color="gray" radius="sm" data-testid="items-count">
              {t('jobs.items.count', { count: items.length })}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {/* Mounted while the job empties too: its notice comes after the list is read again. */}
          {manage && open && <EmptyJob projectId={job.project} job={job} count={items?.length ?? 0} />}
          {!!items?.length && (
            <TextInput
              size="xs"
              w={300}
              leftSection={<IconSearch size={14} />}
              placeholder={t('jobs.items.search')}
              aria-label={t('jobs.items.search')}
              value={q}
              onChange={setQ}
            />
          )}
        </Group>
      </Group>
      {manage && job.status === 0 && (
        <Stack mb="md">
          <AddFromFilter job={job} />
        </Stack>
      )}
      {loading ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : !items?.length ? (
        <Text size="sm" c="dimmed" py="md" data-testid="items-empty">
          {t('jobs.items.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={phone ? 0 : 560} data-testid="job-items-scroll">
          <Table verticalSpacing="xs" highlightOnHover data-compact={phone || undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('jobs.items.number')}</Table.Th>
                {!phone && <Table.Th>{t('jobs.items.kind')}</Table.Th>}
                {!phone && <Table.Th>{t('jobs.items.species')}</Table.Th>}
                {!phone && <Table.Th>{t('jobs.items.deadline')}</Table.Th>}
                <Table.Th>{t('jobs.items.state')}</Table.Th>
                {manage && <Table.Th w={open ? 72 : 40} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((i) => (
                <Table.Tr
                  key={`${i.tree}:${i.action ?? ''}`}
                  data-testid="job-item"
                  data-tree={i.tree}
                  data-action={i.action ?? ''}
                >
                  <Table.Td>
                    {onOpen && !i.action ? (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        fw={600}
                        onClick={() => onOpen(i.tree)}
                        data-testid="job-item-open"
                      >
                        {label(i)}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={i.action ? 400 : 600} pl={i.action ? 'md' : 0}>
                        {i.action ? '↳' : label(i)}
                      </Text>
                    )}
                    {phone && (
                      <Text size="xs" c="dimmed" pl={i.action ? 'md' : 0} data-testid="job-item-details">
                        {t(i.action ? 'jobs.items.work' : i.single_tree ? 'jobs.items.tree' : 'jobs.items.group')}
                        {' · '}
                        {i.action ? i.action_name : i.species_botanical || '—'}
                        {i.deadline ? ` · ${new Date(i.deadline).toLocaleDateString(i18n.language)}` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  {phone ? null : (
                    <>
                      <Table.Td>
                        <Badge
                          size="xs"
                          radius="sm"
                          variant="light"
                          color={i.action ? 'orange' : i.single_tree ? 'arbor' : 'teal'}
                        >
                          {t(i.action ? 'jobs.items.work' : i.single_tree ? 'jobs.items.tree' : 'jobs.items.group')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fs={i.action ? undefined : 'italic'}>
                          {i.action ? i.action_name : i.species_botanical || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {i.deadline ? new Date(i.deadline).toLocaleDateString(i18n.language) : '—'}
                        </Text>
                      </Table.Td>
                    </>
                  )}
                  <Table.Td>
                    <State item={i} iconOnly={phone} />
                  </Table.Td>
                  {manage && (
                    <Table.Td>
                      <RowButtons
                        gap={2}
                        remove={{
                          label: t('jobs.items.remove'),
                          name: `${label(i)}${i.action ? ` · ${i.action_name}` : ''}`,
                          onClick: () => setRemoving(i),
                          testId: 'remove-item',
                        }}
                      >
                        {open && !i.action && (
                          <RowButton
                            label={t('jobs.addWork.button')}
                            name={label(i)}
                            icon={IconPlus}
                            onClick={() => setAddingTo(i)}
                            testId="add-work"
                          />
                        )}
                      </RowButtons>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddWorkModal job={job} tree={addingTo} items={items ?? []} onClose={() => setAddingTo(null)} />
      {removing && (
        <RemoveFromJobModal
          projectId={job.project}
          job={job}
          selection={removing.action ? { actions: [removing.action] } : { ids: [removing.tree] }}
          what={what(removing)}
          opened
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}
