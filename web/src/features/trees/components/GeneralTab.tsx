import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { formatArea } from '@/lib/format';
import type { Project } from '@/api/projects/types';
import type { ProjectSettings } from '@/api/projects/settings';
import { CUSTOM_FIELD_GROUPS } from '@/api/projects/fields';
import { useUpdateTree } from '../api/updateTree';
import type { ContentLists, Tree, TreeCustomField } from '@/api/trees/types';
import {
  changedFields,
  ENUM_FIELDS,
  formValuesOf,
  NUMBER_FIELDS,
  offeredNumber,
  TREE_CUSTOM_FIELDS,
  type TreeFormValues,
  type TreePermissions,
} from '@/lib/trees/tree';
import { DuplicateNumberModal } from './DuplicateNumberModal';
import { customValues, enumOptions, speciesOptions, symptomOptions } from '@/lib/trees/options';
import { StockSection } from './StockSection';
import { JobManager } from '@/components/slots';
import { formatDateTime } from '@/lib/trees/format';
import { Section } from './Section';

export interface GeneralTabProps {
  projectId: string;
  project: Project | undefined;
  settings: ProjectSettings | undefined;
  lists: ContentLists | undefined;
  tree: Tree;
  perms: TreePermissions;
  onChanged?: () => void;
  onDeleted?: () => void;
}

/** Where a server field error goes in the form. */
function formPath(field: string): string {
  if ((NUMBER_FIELDS as readonly string[]).includes(field)) return `numbers.${field}`;
  if ((ENUM_FIELDS as readonly string[]).includes(field)) return `enums.${field}`;
  if ((TREE_CUSTOM_FIELDS as string[]).includes(field)) return `custom.${field}`;
  return field;
}

/** General: every field of the tree or group, edited with its version. */
export function GeneralTab({
  projectId,
  project,
  settings,
  lists,
  tree,
  perms,
  onChanged,
  onDeleted,
}: GeneralTabProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateTree(projectId);
  const editable = perms.edit;
  const [stale, setStale] = useState<Tree | null>(null);
  // In a job session a stale save is kept on the job for the manager: the server's message says so.
  const [kept, setKept] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<{ taken: number; next: number } | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  // The form's initial values are what it was loaded from: a save sends what changed since,
  // with the version they came with.
  const form = useForm<TreeFormValues & { version: number }>({
    mode: 'controlled',
    initialValues: { ...formValuesOf(tree), version: tree.version },
  });

  const load = (t: Tree) => {
    const values = { ...formValuesOf(t), version: t.version };
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };
  useEffect(() => {
    if (!form.isDirty()) load(tree);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree.version, tree.id]);

  const required = new Set(settings?.required_fields ?? []);
  const req = (f: string) => editable && required.has(f);
  const ro = { readOnly: !editable, variant: editable ? 'default' : 'filled' } as const;
  const custom = settings?.custom_fields ?? {};
  const group = !tree.single_tree;

  const save = (values: TreeFormValues) => {
    const from = form.getInitialValues();
    const fields = changedFields(from, values);
    if (Object.keys(fields).length === 0) return;
    setMessage(null);
    update.mutate(
      { id: tree.id, version: from.version, fields },
      {
        onSuccess: (saved) => {
          setStale(null);
          setKept(null);
          load(saved);
          notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('trees.general.saved') });
          onChanged?.();
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) {
            setMessage(t('errors.generic'));
            return;
          }
          const next = offeredNumber(e.current);
          if (e.status === 409 && next !== null) {
            setDuplicate({ taken: Number(values.number), next });
            return;
          }
          if (e.stale) {
            setStale(e.current as Tree);
            setKept(e.kept ? e.message : null);
            return;
          }
          const errors: Record<string, string> = {};
          for (const [k, v] of Object.entries(e.fields)) errors[formPath(k)] = v;
          form.setErrors(errors);
          setMessage(e.message);
        },
      },
    );
  };

  const customGroups = CUSTOM_FIELD_GROUPS.filter((g) => g.category !== 'work')
    .map((g) => ({ ...g, fields: g.fields.filter((f) => custom[f]?.active) as TreeCustomField[] }))
    .filter((g) => g.fields.length > 0);

  const numberInput = (name: (typeof NUMBER_FIELDS)[number], opts: { decimal?: boolean; max?: number } = {}) => (
    <NumberInput
      label={t(`treeFields.${name}`)}
      min={0}
      max={opts.max}
      decimalScale={opts.decimal ? 1 : 0}
      allowNegative={false}
      allowDecimal={!!opts.decimal}
      decimalSeparator={i18n.language === 'en' ? '.' : ','}
      withAsterisk={req(name)}
      hideControls
      data-testid={`tree-field-${name}`}
      {...ro}
      {...form.getInputProps(`numbers.${name}`)}
    />
  );
  const enumSelect = (name: (typeof ENUM_FIELDS)[number]) => (
    <Select
      label={t(`treeFields.${name}`)}
      data={enumOptions(t, name)}
      clearable={editable}
      withAsterisk={req(name)}
      comboboxProps={{ withinPortal: true }}
      data-testid={`tree-field-${name}`}
      {...ro}
      {...form.getInputProps(`enums.${name}`)}
    />
  );

  return (
    <form onSubmit={form.onSubmit(save)} noValidate data-testid="tree-general" data-editable={editable}>
      <Stack gap="lg" pb={form.isDirty() ? 72 : 'md'}>
        {stale && (
          <Alert
            color={kept ? 'blue' : 'yellow'}
            variant="light"
            role="alert"
            data-testid="tree-stale"
            data-kept={!!kept}
          >
            <Stack gap="xs">
              <Text size="sm">{kept ?? t('trees.general.stale')}</Text>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  color={kept ? 'blue' : 'yellow'}
                  leftSection={<IconRefresh size={14} />}
                  onClick={() => {
                    load(stale);
                    setStale(null);
                    setKept(null);
                  }}
                  data-testid="tree-stale-reload"
                >
                  {t('common.reload')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {message && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            withCloseButton
            onClose={() => setMessage(null)}
            data-testid="tree-error"
          >
            {message}
          </Alert>
        )}

        <Section title={t('trees.general.identification')}>
          <SimpleGrid cols={project?.show_number_text ? 2 : 1} spacing="sm">
            <NumberInput
              ref={numberRef}
              label={t('treeFields.number')}
              min={0}
              allowNegative={false}
              allowDecimal={false}
              hideControls
              withAsterisk={editable}
              data-testid="tree-field-number"
              {...ro}
              {...form.getInputProps('number')}
            />
            {project?.show_number_text && (
              <TextInput
                label={t('treeFields.number_text')}
                withAsterisk={req('number_text')}
                maxLength={50}
                data-testid="tree-field-number_text"
                {...ro}
                {...form.getInputProps('number_text')}
              />
            )}
          </SimpleGrid>
          <Select
            label={t('treeFields.species')}
            placeholder={editable ? t('trees.general.speciesPlaceholder') : undefined}
            data={speciesOptions(lists?.species)}
            searchable
            clearable={editable}
            limit={60}
            nothingFoundMessage={t('trees.general.noSpeciesFound')}
            withAsterisk={req('species')}
            data-testid="tree-field-species"
            {...ro}
            {...form.getInputProps('species')}
          />
          {tree.species_protection && form.values.species === tree.species && (
            <Group gap={6}>
              <Badge color="grape" variant="light" data-testid="tree-protected">
                {t('trees.general.protected')}
              </Badge>
            </Group>
          )}
        </Section>

        {group && (
          <Section title={t('trees.general.group')}>
            <SimpleGrid cols={3} spacing="sm">
              {numberInput('tree_count')}
              {numberInput('species_count')}
              <TextInput
                label={t('treeFields.area')}
                value={tree.area ? formatArea(tree.area, i18n.language) : '—'}
                readOnly
                variant="filled"
                data-testid="tree-area"
              />
            </SimpleGrid>
          </Section>
        )}

        <Section title={t('trees.general.sizes')}>
          <SimpleGrid cols={2} spacing="sm">
            {numberInput('planting_year', { max: new Date().getFullYear() + 1 })}
            {numberInput('height', { decimal: true })}
            {numberInput('diameter', { decimal: true })}
            {numberInput('scope', { decimal: true })}
            {numberInput('top_diameter', { decimal: true })}
            <TextInput
              label={t('treeFields.top_form')}
              withAsterisk={req('top_form')}
              maxLength={100}
              data-testid="tree-field-top_form"
              {...ro}
              {...form.getInputProps('top_form')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('trees.general.condition')}>
          <Text size="xs" c="dimmed">
            {t('trees.general.conditionHint')}
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            {enumSelect('vitality')}
            {enumSelect('development')}
            {enumSelect('damage_tree')}
            {enumSelect('security_expectation')}
          </SimpleGrid>
          <MultiSelect
            label={t('treeFields.symptoms')}
            data={symptomOptions(t, lists?.symptom, form.values.symptoms)}
            searchable
            clearable={editable}
            withAsterisk={req('symptoms')}
            hidePickedOptions
            data-testid="tree-field-symptoms"
            {...ro}
            {...form.getInputProps('symptoms')}
          />
          <SimpleGrid cols={2} spacing="sm">
            {enumSelect('valuation_root')}
            {enumSelect('valuation_trunk')}
            {enumSelect('valuation_top')}
            {group && enumSelect('valuation_group')}
          </SimpleGrid>
        </Section>

        {customGroups.map((g) => (
          <Section
            key={g.category}
            title={t(`customFields.categories.${g.category}`)}
            testId={`tree-custom-${g.category}`}
          >
            <SimpleGrid cols={2} spacing="sm">
              {g.fields.map((f) => {
                const cf = custom[f];
                const label = cf?.alias || t('customFields.field', { n: f.replace('general', '') });
                return cf?.type === 'list' ? (
                  <Select
                    key={f}
                    label={label}
                    data={customValues(cf, form.values.custom[f])}
                    clearable={editable}
                    searchable
                    withAsterisk={req(f)}
                    data-testid={`tree-field-${f}`}
                    {...ro}
                    {...form.getInputProps(`custom.${f}`)}
                    value={form.values.custom[f] || null}
                    onChange={(v) => form.setFieldValue(`custom.${f}`, v ?? '')}
                  />
                ) : (
                  <TextInput
                    key={f}
                    label={label}
                    withAsterisk={req(f)}
                    maxLength={2000}
                    data-testid={`tree-field-${f}`}
                    {...ro}
                    {...form.getInputProps(`custom.${f}`)}
                  />
                );
              })}
            </SimpleGrid>
          </Section>
        ))}

        <StockSection projectId={projectId} tree={tree} perms={perms} onChanged={onChanged} onDeleted={onDeleted} />

        <Section title={t('trees.general.jobs')}>
          <JobManager projectId={projectId} treeId={tree.id} />
        </Section>

        <Section title={t('trees.general.record')}>
          <SimpleGrid cols={2} spacing="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('trees.general.created')}
              </Text>
              <Text size="sm" data-testid="tree-created">
                {formatDateTime(tree.create_timestamp, i18n.language)}
              </Text>
              <Text size="xs" c="dimmed">
                {tree.create_alias || tree.create_username}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('trees.general.changed')}
              </Text>
              <Text size="sm" data-testid="tree-changed">
                {formatDateTime(tree.object_timestamp, i18n.language)}
              </Text>
              <Text size="xs" c="dimmed">
                {tree.object_alias || tree.object_username}
              </Text>
            </Stack>
          </SimpleGrid>
        </Section>
      </Stack>

      {editable && form.isDirty() && (
        <Paper
          pos="sticky"
          bottom={0}
          p="sm"
          withBorder
          shadow="md"
          radius="md"
          style={{ zIndex: 3 }}
          data-testid="tree-save-bar"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('trees.general.unsaved')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="sm"
                onClick={() => {
                  load(tree);
                  setMessage(null);
                }}
                data-testid="tree-discard"
              >
                {t('trees.general.discard')}
              </Button>
              <Button type="submit" size="sm" loading={update.isPending} data-testid="tree-save">
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      <DuplicateNumberModal
        taken={duplicate?.taken ?? null}
        next={duplicate?.next ?? 0}
        onTake={(next) => {
          setDuplicate(null);
          form.setFieldValue('number', next);
          save({ ...form.getValues(), number: next });
        }}
        onCancel={() => {
          setDuplicate(null);
          setTimeout(() => numberRef.current?.focus(), 50);
        }}
      />
    </form>
  );
}
