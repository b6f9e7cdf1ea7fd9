import { Alert, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createForm, type CreateModalProps } from '@/lib/createForm';
import { useProjects } from '@/api/projects/getProjects';
import { useCreateJob } from '../api/createJob';
import type { Job } from '@/api/jobs/types';
import { CommentArea } from '@/components/CommentArea';
import { CreateModal } from '@/components/CreateModal';

/** "Create job": name, details and one of the projects I manage. */
export function CreateJobModal({ projectId, ...modal }: CreateModalProps<Job> & { projectId?: string }) {
  const { t } = useTranslation();
  const projects = useProjects(undefined, modal.opened);
  const managed = (projects.data ?? []).filter((p) => p.role === 'manager');
  const create = useCreateJob();
  // With one managed project there is nothing to choose.
  const only = managed.length === 1 ? managed[0].id : '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { projectId: projectId ?? '', name: '', note: '' },
    validate: {
      projectId: (v) => (v || projectId || only ? null : t('jobs.chooseProject')),
      name: (v) => (v.trim() ? null : t('errors.required')),
    },
  });
  const frame = createForm(
    form,
    create,
    (v) => ({ projectId: projectId || v.projectId || only, name: v.name.trim(), note: v.note.trim() }),
    modal,
  );
  return (
    <CreateModal
      {...frame}
      copy={{ title: t('jobs.create'), text: t('jobs.createText'), button: t('jobs.createSubmit') }}
      testId="create-job"
    >
      {!projectId && !projects.isPending && !managed.length && (
        <Alert color="yellow" variant="light">
          {t('jobs.noManagedProjects')}
        </Alert>
      )}
      {!projectId && (
        <Select
          label={t('jobs.project')}
          required
          allowDeselect={false}
          searchable={managed.length > 6}
          data={managed.map((p) => ({ value: p.id, label: `${p.name} · ${p.organisationName}` }))}
          data-testid="job-project"
          {...form.getInputProps('projectId')}
          value={form.values.projectId || only || null}
        />
      )}
      <TextInput
        label={t('jobs.name')}
        required
        data-autofocus
        data-testid="job-name"
        {...form.getInputProps('name')}
      />
      <CommentArea
        label={t('jobs.note')}
        placeholder={t('jobs.notePlaceholder')}
        data-testid="job-note"
        {...form.getInputProps('note')}
      />
    </CreateModal>
  );
}
