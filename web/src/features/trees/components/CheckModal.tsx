import { useState } from 'react';
import { Alert, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import type { ProjectSettings } from '@/api/projects/settings';
import { useCreateCheck, type CheckInput } from '../api/createCheck';
import { CHECK_TYPES, type ContentLists, type Tree } from '@/api/trees/types';
import { ENUM_FIELDS } from '@/lib/trees/tree';
import { enumOptions, symptomOptions } from '@/lib/trees/options';
import { CustomFieldGrid } from './CustomFieldInput';
import { CommentArea } from '@/components/CommentArea';
import { TreeFormModal } from './TreeFormModal';
import { PastDayInput } from './PastDayInput';
import { findingsOf } from '../findings';
import { Findings } from './check/Findings';
import { initial, type CheckValues } from './check/values';
import { MeasureFields } from './check/MeasureFields';
import { dayToTimestamp, formatDate, todayISO } from '@/lib/trees/format';
import { labelledOptions } from '@/lib/options';

interface CheckModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  tree: Tree;
  settings: ProjectSettings | undefined;
  lists: ContentLists | undefined;
  onChanged?: () => void;
}

/** The dialog's content, mounted while it is open so that each opening starts afresh. */
function CheckModalBody({ opened, onClose, projectId, tree, settings, lists, onChanged }: CheckModalProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateCheck(projectId, tree.id);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<CheckValues>({ mode: 'controlled', initialValues: initial(tree) });

  const required = new Set(settings?.required_fields ?? []);
  const custom = settings?.custom_fields ?? {};
  const group = !tree.single_tree;

  const submit = (v: CheckValues) => {
    if (v.day > todayISO()) {
      form.setFieldError('day', t('trees.rating.futureDate'));
      return;
    }
    if (v.measure && !v.work) {
      form.setFieldError('work', t('errors.required'));
      return;
    }
    const body: CheckInput = {
      symptoms: v.symptoms,
      comment: v.comment.trim(),
      timestamp: dayToTimestamp(v.day),
      check_type: v.type,
      findings: findingsOf(v.symptoms, v.details),
    };
    if (v.measure && v.work)
      body.measure = { work: v.work, deadline: v.deadline || null, security_relevance: v.relevant };
    for (const f of ENUM_FIELDS) if (v.enums[f] !== null) body[f] = Number(v.enums[f]);
    if (custom.general31?.active) body.general31 = v.general31.trim();
    if (custom.general32?.active) body.general32 = v.general32.trim();
    create.mutate(body, {
      onSuccess: (c) => {
        notifications.show({
          color: 'arbor',
          icon: <IconCheck size={18} />,
          message: c.measure
            ? t('trees.rating.recordedWithMeasure', {
                date: formatDate(c.check_next, i18n.language),
                work: c.measure.action,
              })
            : t('trees.rating.recorded', { date: formatDate(c.check_next, i18n.language) }),
        });
        onChanged?.();
        onClose();
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return setMessage(t('errors.generic'));
        const errors: Record<string, string> = {};
        for (const [k, val] of Object.entries(e.fields)) {
          const key = k.startsWith('measure.') ? k.slice(8) : k;
          errors[(ENUM_FIELDS as readonly string[]).includes(key) ? `enums.${key}` : key] = val;
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
  return (
    <TreeFormModal
      opened={opened}
      onClose={onClose}
      title={t('trees.rating.newTitle')}
      testId="check-modal"
      message={message}
      onSubmit={form.onSubmit(submit)}
      loading={create.isPending}
      submit={t('trees.rating.record')}
      submitTestId="check-submit"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PastDayInput
          label={t('trees.rating.date')}
          required
          w={180}
          data-testid="check-field-date"
          {...form.getInputProps('day')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="check-type-label">
            {t('trees.rating.type')}
          </Text>
          <SegmentedControl
            aria-labelledby="check-type-label"
            data={labelledOptions(t, 'trees.rating.types', CHECK_TYPES)}
            data-testid="check-field-type"
            {...form.getInputProps('type')}
          />
        </Stack>
      </Group>
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
      <Findings
        symptoms={form.values.symptoms}
        details={form.values.details}
        onChange={(details) => form.setFieldValue('details', details)}
      />
      <SimpleGrid cols={{ base: 2, xs: group ? 4 : 3 }} spacing="sm">
        {enumSelect('valuation_root')}
        {enumSelect('valuation_trunk')}
        {enumSelect('valuation_top')}
        {group && enumSelect('valuation_group')}
      </SimpleGrid>
      <CommentArea
        label={t('treeFields.check_comment')}
        maxLength={2000}
        withAsterisk={required.has('check_comment')}
        data-testid="check-field-comment"
        {...form.getInputProps('comment')}
      />
      <CustomFieldGrid names={['general31', 'general32']} custom={custom} form={form} testIdPrefix="check-field-" />
      <Switch
        label={t('trees.rating.measure')}
        description={t('trees.rating.measureText')}
        data-testid="check-measure"
        {...form.getInputProps('measure', { type: 'checkbox' })}
      />
      {form.values.measure && <MeasureFields form={form} lists={lists} />}
      <Alert variant="light" color="blue" p="xs">
        {t('trees.rating.immutable')}
      </Alert>
    </TreeFormModal>
  );
}

/** "New inspection": an immutable record; the tree's assessment and next date follow it. */
export function CheckModal(props: CheckModalProps) {
  return props.opened ? <CheckModalBody {...props} /> : null;
}
