import { useState } from 'react';
import { Alert, Group, List, Loader, Modal, SegmentedControl, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useProjectJobs } from '@/api/jobs/getProjectJobs';
import { useJobOverlap } from '../api/existsInJobs';
import { useAddToJob } from '../api/addToJob';
import type { JobSelection } from '@/api/jobs/types';
import { ModalForm } from '@/components/ModalForm';

export interface AddToJobModalProps {
  projectId: string;
  /** Trees and groups (ids), works (actions) or a filter: what the data table or the map selected. */
  selection: JobSelection;
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
  /** Preselect this job (the job manager chose it already). */
  initialJob?: string;
  /** Start with naming a new job. */
  initialMode?: 'existing' | 'new';
}

/**
 * "Add to job": choose an open job of the project or name a new one. Before adding, it asks which
 * other unfinished jobs hold some of the selection already and warns about them.
 */
export function AddToJobModal({
  projectId,
  selection,
  opened,
  onClose,
  onDone,
  initialJob,
  initialMode = 'existing',
}: AddToJobModalProps) {
  const { t } = useTranslation();
  const jobs = useProjectJobs(projectId, opened);
  const open = (jobs.data ?? []).filter((j) => j.status === 0);
  const [mode, setMode] = useState<'existing' | 'new'>(initialMode);
  const [jobId, setJobId] = useState<string | null>(initialJob ?? null);
  const [name, setName] = useInputState('');
  const [note, setNote] = useInputState('');
  const [problem, setProblem] = useState<string | null>(null);
  const overlap = useJobOverlap(projectId, selection, opened);
  const add = useAddToJob();
  const effectiveMode = mode === 'existing' && !jobs.isPending && !open.length ? 'new' : mode;
  const others = (overlap.data ?? []).filter((o) => effectiveMode === 'new' || o.job !== jobId);
  const count = (selection.ids?.length ?? 0) + (selection.actions?.length ?? 0);
  const what = selection.filter ? t('jobs.add.whatFilter') : t('jobs.add.what', { count });

  const close = () => {
    setJobId(null);
    setName('');
    setNote('');
    setProblem(null);
    add.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (effectiveMode === 'existing' && !jobId) return setProblem(t('jobs.add.chooseJob'));
    if (effectiveMode === 'new' && !name.trim()) return setProblem(t('errors.required'));
    const input =
      effectiveMode === 'existing'
        ? { projectId, selection, job: jobId as string }
        : { projectId, selection, name: name.trim(), note: note.trim() };
    add.mutate(input, {
      onSuccess: (a) => {
        notifications.show({
          color: 'arbor',
          icon: <IconCheck size={18} />,
          message: t('jobs.add.added', { count: a.changed, name: a.job.name }),
        });
        onDone?.();
        close();
      },
    });
  };
  const serverError = add.error instanceof ApiError ? add.error.message : add.error ? add.error.message : null;

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>{t('jobs.add.title')}</Text>} centered size="lg">
      <ModalForm
        text={t('jobs.add.intro', { what })}
        testId="add-to-job"
        onCancel={close}
        submit={submit}
        generalError={serverError && !(add.error instanceof ApiError && add.error.fields.name) && serverError}
        loading={add.isPending}
        submitLabel={t('jobs.add.submit')}
        submitTestId="add-to-job-submit"
      >
        <SegmentedControl
          value={effectiveMode}
          onChange={(v) => setMode(v as 'existing' | 'new')}
          data={[
            { value: 'existing', label: t('jobs.add.existing'), disabled: !open.length },
            { value: 'new', label: t('jobs.add.new') },
          ]}
          data-testid="add-to-job-mode"
        />
        {effectiveMode === 'existing' ? (
          <Select
            label={t('jobs.add.job')}
            placeholder={t('jobs.add.jobPlaceholder')}
            data={open.map((j) => ({ value: j.id, label: j.name }))}
            value={jobId}
            onChange={setJobId}
            searchable={open.length > 8}
            error={problem}
            data-testid="add-to-job-select"
          />
        ) : (
          <>
            {!jobs.isPending && !open.length && (
              <Text size="xs" c="dimmed">
                {t('jobs.add.noOpenJobs')}
              </Text>
            )}
            <TextInput
              label={t('jobs.add.newName')}
              required
              value={name}
              onChange={setName}
              error={
                problem ?? (add.error instanceof ApiError ? add.error.fields.name && add.error.message : undefined)
              }
              data-testid="add-to-job-name"
            />
            <Textarea label={t('jobs.note')} autosize minRows={2} maxRows={5} value={note} onChange={setNote} />
          </>
        )}
        {overlap.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              {t('jobs.add.checking')}
            </Text>
          </Group>
        ) : (
          others.length > 0 && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="overlap-warning">
              <Text size="sm" mb={4}>
                {t('jobs.add.overlap')}
              </Text>
              <List size="sm">
                {others.map((o) => (
                  <List.Item key={o.job}>
                    {t('jobs.add.overlapItem', {
                      name: o.name,
                      status: t(`jobs.statuses.${o.status}`),
                      count: o.objects,
                    })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )
        )}
      </ModalForm>
    </Modal>
  );
}
