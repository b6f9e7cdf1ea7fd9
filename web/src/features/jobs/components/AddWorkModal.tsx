import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useContentLists } from '@/api/trees/getContentLists';
import { workOptions } from '@/lib/trees/options';
import type { Job, JobItem } from '@/api/jobs/types';
import { useAddWorksToJob, useTreeWorks } from '../api/addWork';

/**
 * Works for one tree of an open job: its open works the job lacks (ticked to join) and a new work
 * recorded on the tree and put into the job in the same step.
 */
function AddWorkBody({
  job,
  tree,
  items,
  onClose,
}: {
  job: Pick<Job, 'id' | 'project'>;
  tree: JobItem;
  items: JobItem[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const works = useTreeWorks(job.project, tree.tree);
  const lists = useContentLists(job.project);
  const add = useAddWorksToJob(job.project, job.id, tree.tree);
  const inJob = new Set(items.filter((i) => i.tree === tree.tree && i.action).map((i) => i.action));
  const missing = (works.data ?? []).filter((a) => !a.execute_timestamp && !inJob.has(a.id));
  const [picked, setPicked] = useState<string[]>([]);
  const [work, setWork] = useState<string | null>(null);
  const [deadline, setDeadline] = useInputState('');
  const [relevant, setRelevant] = useState(false);
  const entries = lists.data?.work ?? [];
  const nothing = !picked.length && !work;
  const label = tree.number_text ? `${tree.number} (${tree.number_text})` : String(tree.number);

  const submit = () =>
    add.mutate(
      {
        existing: picked,
        created: work ? { work, deadline: deadline || null, security_relevance: relevant } : null,
      },
      {
        onSuccess: (a) => {
          notifications.show({
            color: 'arbor',
            icon: <IconCheck size={18} />,
            message: t('jobs.addWork.added', { count: a.changed }),
          });
          onClose();
        },
      },
    );

  return (
    <Stack gap="md" data-testid="add-work-modal">
      <Text size="sm" c="dimmed">
        {t('jobs.addWork.text')}
      </Text>
      {works.isPending ? (
        <Skeleton h={48} />
      ) : missing.length ? (
        <Checkbox.Group
          label={t('jobs.addWork.openWorks')}
          value={picked}
          onChange={setPicked}
          data-testid="add-work-existing"
        >
          <Stack gap={6} mt={6}>
            {missing.map((a) => (
              <Checkbox
                key={a.id}
                value={a.id}
                label={
                  a.deadline
                    ? `${a.action} · ${t('jobs.addWork.deadlineOn', { date: new Date(a.deadline).toLocaleDateString(i18n.language) })}`
                    : a.action
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="add-work-none">
          {t('jobs.addWork.allIn', { number: label })}
        </Text>
      )}
      <Divider label={t('jobs.addWork.new')} labelPosition="left" />
      <Select
        label={t('jobs.addWork.work')}
        placeholder={t('jobs.addWork.workPlaceholder')}
        data={workOptions(t, entries)}
        searchable
        clearable
        nothingFoundMessage={t('jobs.addWork.noWorkFound')}
        value={work}
        onChange={(id) => {
          setWork(id);
          const e = entries.find((x) => x.id === id);
          if (e) setRelevant(e.security_relevance);
        }}
        data-testid="add-work-type"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('jobs.addWork.deadline')}
          value={deadline}
          onChange={setDeadline}
          disabled={!work}
          data-testid="add-work-deadline"
        />
        <Switch
          mt={{ base: 0, xs: 30 }}
          label={t('jobs.addWork.securityRelevance')}
          checked={relevant}
          onChange={(e) => setRelevant(e.currentTarget.checked)}
          disabled={!work}
        />
      </SimpleGrid>
      {add.error && (
        <Alert color="red" variant="light" role="alert">
          {add.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} disabled={nothing} loading={add.isPending} data-testid="add-work-submit">
          {t('jobs.addWork.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

export function AddWorkModal(props: {
  job: Pick<Job, 'id' | 'project'>;
  tree: JobItem | null;
  items: JobItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = props.tree
    ? props.tree.number_text
      ? `${props.tree.number} (${props.tree.number_text})`
      : String(props.tree.number)
    : '';
  return (
    <Modal
      opened={!!props.tree}
      onClose={props.onClose}
      title={<Text fw={650}>{t('jobs.addWork.title', { number: label })}</Text>}
      centered
      size="md"
    >
      {props.tree && <AddWorkBody {...props} tree={props.tree} />}
    </Modal>
  );
}
