import { useState } from 'react';
import { Alert, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import type { ProjectSettings } from '@/api/projects/settings';
import { useSaveAction } from '../api/saveAction';
import type { Action, ContentLists } from '@/api/trees/types';
import { workOptions } from '@/lib/trees/options';
import { todayISO } from '@/lib/trees/format';
import { CustomFieldGrid } from './CustomFieldInput';
import { CommentArea } from '@/components/CommentArea';
import { TreeFormModal } from './TreeFormModal';
import { FELLING_CODE, FELLING_WARN_DAYS, fellingTooFar } from '../safety';

type Values = {
  work: string | null;
  security_relevance: boolean;
  deadline: string;
  comment: string;
  marker: string;
  general41: string;
  general42: string;
};

const initial = (a: Action | null): Values => ({
  work: a?.work ?? null,
  security_relevance: a?.security_relevance ?? false,
  deadline: a?.deadline ?? '',
  comment: a?.comment ?? '',
  marker: a?.marker ?? '',
  general41: a?.general41 ?? '',
  general42: a?.general42 ?? '',
});

interface ActionModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  treeId: string;
  /** The work to change; null adds one. */
  action: Action | null;
  lists: ContentLists | undefined;
  settings: ProjectSettings | undefined;
  onChanged?: () => void;
}

/** The dialog's content, mounted while it is open so that each opening starts afresh. */
function ActionModalBody({ opened, onClose, projectId, treeId, action, lists, settings, onChanged }: ActionModalProps) {
  const { t } = useTranslation();
  const save = useSaveAction(projectId, treeId);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial(action),
    validate: { work: (v) => (v ? null : t('errors.required')) },
  });

  const custom = settings?.custom_fields ?? {};
  const entries = lists?.work ?? [];
  const chosen = entries.find((e) => e.id === form.values.work);

  const submit = (v: Values) =>
    save.mutate(
      {
        id: action?.id,
        version: action?.version,
        work: v.work!,
        security_relevance: v.security_relevance,
        deadline: v.deadline || null,
        comment: v.comment.trim(),
        marker: v.marker.trim(),
        general41: v.general41.trim(),
        general42: v.general42.trim(),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'arbor',
            icon: <IconCheck size={18} />,
            message: action ? t('trees.works.saved') : t('trees.works.added'),
          });
          onChanged?.();
          onClose();
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) return setMessage(t('errors.generic'));
          form.setErrors(e.fields);
          setMessage(e.stale ? t('trees.works.stale') : e.message);
        },
      },
    );

  return (
    <TreeFormModal
      opened={opened}
      onClose={onClose}
      title={action ? t('trees.works.editTitle') : t('trees.works.addTitle')}
      testId="action-modal"
      message={message}
      onSubmit={form.onSubmit(submit)}
      loading={save.isPending}
      submit={action ? t('common.save') : t('trees.works.add')}
      submitTestId="action-submit"
    >
      <Select
        label={t('trees.works.work')}
        placeholder={t('trees.works.workPlaceholder')}
        data={workOptions(t, entries)}
        searchable
        required
        nothingFoundMessage={t('trees.works.noWorkFound')}
        data-testid="action-field-work"
        data-autofocus
        {...form.getInputProps('work')}
        onChange={(id) => {
          form.setFieldValue('work', id);
          // The list says whether works of this kind matter for traffic safety.
          const e = entries.find((x) => x.id === id);
          if (e) form.setFieldValue('security_relevance', e.security_relevance);
        }}
      />
      <Switch
        label={t('trees.works.securityRelevance')}
        description={
          chosen && chosen.action_security > 0 ? t(`lists.actionSecurity.${chosen.action_security}`) : undefined
        }
        data-testid="action-field-security"
        {...form.getInputProps('security_relevance', { type: 'checkbox' })}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          type="date"
          label={t('trees.works.deadline')}
          data-testid="action-field-deadline"
          {...form.getInputProps('deadline')}
        />
        <TextInput label={t('trees.works.marker')} maxLength={50} {...form.getInputProps('marker')} />
      </SimpleGrid>
      {form.values.security_relevance &&
        chosen?.action_security === FELLING_CODE &&
        fellingTooFar(form.values.deadline, todayISO()) && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="action-felling-far">
            {t('trees.works.fellingFarForm', { days: FELLING_WARN_DAYS })}
          </Alert>
        )}
      <CommentArea
        label={t('trees.works.comment')}
        maxLength={2000}
        data-testid="action-field-comment"
        {...form.getInputProps('comment')}
      />
      <CustomFieldGrid names={['general41', 'general42']} custom={custom} form={form} />
    </TreeFormModal>
  );
}

/** Add a work from the works list (its default safety relevance pre-set), or change one. */
export function ActionModal(props: ActionModalProps) {
  return props.opened ? <ActionModalBody {...props} /> : null;
}
