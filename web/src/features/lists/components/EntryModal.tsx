import { Modal, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useAddEntries, useUpdateEntry } from '../api/lists';
import {
  ACTION_SECURITY,
  SYMPTOM_TYPES,
  WORK_CATEGORIES,
  entryFor,
  type ListEntry,
  type ListName,
  type NewListEntry,
} from '../lists';
import { ModalActions } from '@/components/ModalActions';
import { labelledOptions } from '@/lib/options';

type Values = Required<NewListEntry>;

const EMPTY: Values = {
  name: '',
  botanical: '',
  protection: false,
  category: 'pruning',
  security_relevance: true,
  action_security: 2,
  symptom_type: 'trunk',
  note: '',
  parent: '',
};

const valuesOf = (e: ListEntry | null): Values =>
  e
    ? {
        name: e.name,
        botanical: e.botanical,
        protection: e.protection,
        category: e.category || 'other',
        security_relevance: e.security_relevance,
        action_security: e.action_security,
        symptom_type: e.symptom_type || 'trunk',
        note: e.note,
        parent: e.parent ?? '',
      }
    : EMPTY;

/**
 * Adds an own entry to a list, or changes one (`entry`), with the fields of its list. Mount it
 * afresh (a new `key`) for every entry: the form starts from the entry's values.
 */
export function EntryModal({
  organisationId,
  list,
  entry,
  parents,
  opened,
  onClose,
  onSaved,
}: {
  organisationId: string;
  list: ListName;
  entry: ListEntry | null;
  parents: ListEntry[];
  opened: boolean;
  onClose: () => void;
  onSaved: (name: string, added: boolean) => void;
}) {
  const { t } = useTranslation();
  const add = useAddEntries();
  const update = useUpdateEntry();
  const mutation = entry ? update : add;
  const valueField = list === 'species' ? 'botanical' : 'name';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(entry),
    validate: {
      botanical: (v) => (list === 'species' && !v.trim() ? t('lists.required') : null),
      name: (v) => (list !== 'species' && !v.trim() ? t('lists.required') : null),
      parent: (v) =>
        (list === 'work_note' || list === 'symptom_note') && !v ? t(`lists.parentRequired.${list}`) : null,
    },
  });
  const submit = form.onSubmit((v) => {
    const body = entryFor(list, v);
    const value = list === 'species' ? (body.botanical ?? '') : body.name;
    const onError = (e: Error) => {
      if (e instanceof ApiError && e.status === 409) form.setFieldError(valueField, e.message);
    };
    if (entry) {
      update.mutate(
        { orgId: organisationId, list, id: entry.id, entry: body },
        { onSuccess: (saved) => onSaved(saved.name, false), onError },
      );
      return;
    }
    add.mutate(
      { orgId: organisationId, list, values: [body] },
      {
        onSuccess: (res) => {
          if (res.added.length === 0) {
            form.setFieldError(valueField, t('lists.exists', { value }));
            return;
          }
          onSaved(res.added[0].name, true);
        },
        onError,
      },
    );
  });

  const error = mutation.error instanceof ApiError && mutation.error.status !== 409 ? mutation.error.message : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{t(entry ? `lists.editTitle` : `lists.addTitle.${list}`)}</Text>}
      centered
    >
      <form onSubmit={submit} noValidate data-testid="entry-form">
        <Stack gap="md">
          {list === 'species' && (
            <TextInput
              label={t('lists.fields.botanical')}
              placeholder="Tilia cordata"
              name="botanical"
              required
              data-autofocus
              {...form.getInputProps('botanical')}
            />
          )}
          <TextInput
            label={t(list === 'species' ? 'lists.fields.speciesName' : 'lists.fields.name')}
            description={list === 'species' ? t('lists.fields.speciesNameHint') : undefined}
            name="name"
            required={list !== 'species'}
            data-autofocus={list !== 'species' || undefined}
            {...form.getInputProps('name')}
          />
          {list === 'species' && (
            <Switch
              label={t('lists.fields.protection')}
              name="protection"
              {...form.getInputProps('protection', { type: 'checkbox' })}
            />
          )}
          {list === 'work' && (
            <>
              <Select
                label={t('lists.fields.category')}
                data={labelledOptions(t, 'lists.categories', WORK_CATEGORIES)}
                allowDeselect={false}
                data-testid="entry-category"
                {...form.getInputProps('category')}
              />
              <Select
                label={t('lists.fields.actionSecurity')}
                description={t('lists.fields.actionSecurityHint')}
                data={labelledOptions(t, 'lists.actionSecurity', ACTION_SECURITY)}
                allowDeselect={false}
                data-testid="entry-action-security"
                value={String(form.values.action_security)}
                onChange={(v) => form.setFieldValue('action_security', Number(v ?? 2))}
              />
              <Switch
                label={t('lists.fields.securityRelevance')}
                description={t('lists.fields.securityRelevanceHint')}
                name="security_relevance"
                {...form.getInputProps('security_relevance', { type: 'checkbox' })}
              />
            </>
          )}
          {list === 'symptom' && (
            <>
              <Select
                label={t('lists.fields.symptomType')}
                data={labelledOptions(t, 'lists.symptomTypes', SYMPTOM_TYPES)}
                allowDeselect={false}
                data-testid="entry-symptom-type"
                {...form.getInputProps('symptom_type')}
              />
              <Textarea
                label={t('lists.fields.note')}
                name="note"
                autosize
                minRows={2}
                {...form.getInputProps('note')}
              />
            </>
          )}
          {(list === 'work_note' || list === 'symptom_note') && (
            <Select
              label={t(`lists.fields.parent.${list}`)}
              data={parents.map((p) => ({ value: p.id, label: p.name }))}
              searchable
              required
              data-testid="entry-parent"
              {...form.getInputProps('parent')}
            />
          )}
          <ModalActions
            error={error}
            onCancel={onClose}
            loading={mutation.isPending}
            submit={entry ? t('common.save') : t('lists.add')}
            submitTestId="entry-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
