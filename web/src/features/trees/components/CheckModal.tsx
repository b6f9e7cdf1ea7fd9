import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import type { ProjectSettings } from '@/api/projects/settings';
import { useCreateCheck, type CheckInput } from '../api/createCheck';
import type { ContentLists, Tree } from '@/api/trees/types';
import { ENUM_FIELDS } from '@/lib/trees/tree';
import { customValues, enumOptions, symptomOptions } from '@/lib/trees/options';
import { dayToTimestamp, formatDate, todayISO } from '@/lib/trees/format';

type Values = {
  day: string;
  enums: Record<(typeof ENUM_FIELDS)[number], string | null>;
  symptoms: string[];
  comment: string;
  general31: string;
  general32: string;
};

function initial(tree: Tree): Values {
  const enums = {} as Values['enums'];
  for (const f of ENUM_FIELDS) enums[f] = tree[f] === null || tree[f] === undefined ? null : String(tree[f]);
  return {
    day: todayISO(),
    enums,
    symptoms: [...(tree.symptoms ?? [])],
    comment: '',
    general31: tree.general31 ?? '',
    general32: tree.general32 ?? '',
  };
}

/** The dialog's content, mounted while it is open so that each opening starts afresh. */
function CheckModalBody({
  opened,
  onClose,
  projectId,
  tree,
  settings,
  lists,
  onChanged,
}: {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  tree: Tree;
  settings: ProjectSettings | undefined;
  lists: ContentLists | undefined;
  onChanged?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreateCheck(projectId, tree.id);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'controlled', initialValues: initial(tree) });

  const required = new Set(settings?.required_fields ?? []);
  const custom = settings?.custom_fields ?? {};
  const group = !tree.single_tree;

  const submit = (v: Values) => {
    if (v.day > todayISO()) {
      form.setFieldError('day', t('trees.rating.futureDate'));
      return;
    }
    const body: CheckInput = { symptoms: v.symptoms, comment: v.comment.trim(), timestamp: dayToTimestamp(v.day) };
    for (const f of ENUM_FIELDS) if (v.enums[f] !== null) body[f] = Number(v.enums[f]);
    if (custom.general31?.active) body.general31 = v.general31.trim();
    if (custom.general32?.active) body.general32 = v.general32.trim();
    create.mutate(body, {
      onSuccess: (c) => {
        notifications.show({
          color: 'arbor',
          icon: <IconCheck size={18} />,
          message: t('trees.rating.recorded', { date: formatDate(c.check_next, i18n.language) }),
        });
        onChanged?.();
        onClose();
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return setMessage(t('errors.generic'));
        const errors: Record<string, string> = {};
        for (const [k, val] of Object.entries(e.fields)) {
          errors[(ENUM_FIELDS as readonly string[]).includes(k) ? `enums.${k}` : k] = val;
        }
        form.setErrors(errors);
        setMessage(e.message);
      },
    });
  };

  const enumSelect = (name: (typeof ENUM_FIELDS)[number]) => (
    <Select
      label={t(`treeFields.${name}`)}
      data={enumOptions(t, name)}
      clearable
      data-testid={`check-field-${name}`}
      {...form.getInputProps(`enums.${name}`)}
    />
  );
  const customField = (f: 'general31' | 'general32') => {
    const cf = custom[f];
    if (!cf?.active) return null;
    const label = cf.alias || t('customFields.field', { n: f.replace('general', '') });
    return cf.type === 'list' ? (
      <Select
        label={label}
        data={customValues(cf, form.values[f])}
        clearable
        value={form.values[f] || null}
        onChange={(v) => form.setFieldValue(f, v ?? '')}
        data-testid={`check-field-${f}`}
      />
    ) : (
      <TextInput label={label} data-testid={`check-field-${f}`} {...form.getInputProps(f)} />
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('trees.rating.newTitle')}
      size="lg"
      centered
      data-testid="check-modal"
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {message && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {message}
            </Alert>
          )}
          <TextInput
            type="date"
            label={t('trees.rating.date')}
            max={todayISO()}
            required
            w={200}
            data-testid="check-field-date"
            {...form.getInputProps('day')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {enumSelect('vitality')}
            {enumSelect('development')}
            {enumSelect('damage_tree')}
            {enumSelect('security_expectation')}
          </SimpleGrid>
          <MultiSelect
            label={t('treeFields.symptoms')}
            data={symptomOptions(t, lists?.symptom, form.values.symptoms)}
            searchable
            clearable
            hidePickedOptions
            data-testid="check-field-symptoms"
            {...form.getInputProps('symptoms')}
          />
          <SimpleGrid cols={{ base: 2, xs: group ? 4 : 3 }} spacing="sm">
            {enumSelect('valuation_root')}
            {enumSelect('valuation_trunk')}
            {enumSelect('valuation_top')}
            {group && enumSelect('valuation_group')}
          </SimpleGrid>
          <Textarea
            label={t('treeFields.check_comment')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            withAsterisk={required.has('check_comment')}
            data-testid="check-field-comment"
            {...form.getInputProps('comment')}
          />
          {(custom.general31?.active || custom.general32?.active) && (
            <SimpleGrid cols={2} spacing="sm">
              {customField('general31')}
              {customField('general32')}
            </SimpleGrid>
          )}
          <Alert variant="light" color="blue" p="xs">
            {t('trees.rating.immutable')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="check-submit">
              {t('trees.rating.record')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "New inspection": an immutable record; the tree's assessment and next date follow it. */
export function CheckModal(props: {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  tree: Tree;
  settings: ProjectSettings | undefined;
  lists: ContentLists | undefined;
  onChanged?: () => void;
}) {
  return props.opened ? <CheckModalBody {...props} /> : null;
}
