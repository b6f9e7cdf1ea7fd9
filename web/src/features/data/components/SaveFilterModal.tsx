import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCreateFilter, useUpdateFilter, type SavedFilter } from '../api/filters';
import type { Filter } from '../filter';
import { ModalActions } from '@/components/ModalActions';

/** Save the panel's filter under a new name, or rename the loaded one; a manager may make it the
 * whole project's. */
export function SaveFilterModal({
  projectId,
  mode,
  manager,
  filter,
  loaded,
  onClose,
  onSaved,
}: {
  projectId: string;
  mode: 'new' | 'rename' | null;
  manager: boolean;
  filter: Filter;
  loaded: SavedFilter | null;
  onClose: () => void;
  onSaved: (f: SavedFilter) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFilter(projectId);
  const update = useUpdateFilter(projectId);
  const renaming = mode === 'rename' && !!loaded;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: renaming ? loaded.name : '',
      project_wide: renaming ? loaded.project_wide : false,
    },
    validate: { name: (v) => (v.trim() ? null : t('data.saved.nameRequired')) },
  });
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const submit = form.onSubmit(({ name, project_wide }) => {
    const done = {
      onSuccess: (f: SavedFilter | void) => f && onSaved(f),
      onError: (e: Error) => {
        if (e instanceof ApiError && e.fields.name) form.setErrors({ name: e.message });
      },
    };
    if (renaming)
      update.mutate({ id: loaded.id, version: loaded.version, name: name.trim(), filter, project_wide }, done);
    else create.mutate({ name: name.trim(), filter, project_wide }, done);
  });
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={<Text fw={650}>{renaming ? t('data.saved.renameTitle') : t('data.saved.saveTitle')}</Text>}
      centered
    >
      <form onSubmit={submit} noValidate data-testid="filter-save-form">
        <Stack gap="md">
          <TextInput
            label={t('data.saved.name')}
            required
            data-autofocus
            name="filterName"
            maxLength={200}
            {...form.getInputProps('name')}
          />
          {manager && (
            <Checkbox
              label={t('data.saved.projectWideLabel')}
              description={t('data.saved.projectWideHelp')}
              data-testid="filter-project-wide"
              {...form.getInputProps('project_wide', { type: 'checkbox' })}
            />
          )}
          <ModalActions
            error={error instanceof ApiError && !error.fields.name ? error.message : null}
            onCancel={onClose}
            loading={pending}
            submit={t('data.saved.save')}
            submitTestId="filter-save-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
