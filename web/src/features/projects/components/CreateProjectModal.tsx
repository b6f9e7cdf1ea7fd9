import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createForm, type CreateModalProps } from '@/lib/createForm';
import type { Organisation } from '@/api/organisations/types';
import { useCreateProject } from '../api/createProject';
import type { Project } from '@/api/projects/types';
import { CreateModal } from '@/components/CreateModal';
import { ProjectFieldInputs } from './ProjectFieldInputs';

/**
 * "Create project": in the given organisation, or in one the person picks from `organisations`
 * (those they administer).
 */
export function CreateProjectModal({
  organisations,
  organisationId,
  ...modal
}: CreateModalProps<Project> & {
  organisations?: Pick<Organisation, 'id' | 'name'>[];
  organisationId?: string;
}) {
  const { t } = useTranslation();
  const create = useCreateProject();
  const pick = !organisationId;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      organisation: organisationId ?? (organisations?.length === 1 ? organisations[0].id : ''),
      name: '',
      note: '',
      companyName: '',
      unique_number: true,
      show_number_text: false,
    },
    validate: {
      organisation: (v) => (v ? null : t('projects.chooseOrganisation')),
      name: (v) => (v.trim() ? null : t('errors.required')),
    },
  });
  const frame = createForm(
    form,
    create,
    (values) => ({ ...values, name: values.name.trim(), organisation: organisationId ?? values.organisation }),
    modal,
  );
  return (
    <CreateModal
      {...frame}
      copy={{ title: t('projects.create'), text: t('projects.createText'), button: t('projects.createSubmit') }}
      testId="create-project"
    >
      {pick && (
        <Select
          label={t('projects.organisation')}
          name="organisation"
          required
          allowDeselect={false}
          searchable={(organisations?.length ?? 0) > 6}
          data={(organisations ?? []).map((o) => ({ value: o.id, label: o.name }))}
          data-testid="project-organisation"
          {...form.getInputProps('organisation')}
        />
      )}
      <ProjectFieldInputs form={form} autoFocus noteRows={[2, 5]} />
    </CreateModal>
  );
}
