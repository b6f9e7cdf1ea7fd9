import { Fragment } from 'react';
import { Badge, Group, SegmentedControl, Select, Switch, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomField, ProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import {
  CUSTOM_FIELD_GROUPS,
  customFieldNumber,
  customFieldsPayload,
  fieldErrorsUnder,
  normaliseCustomFields,
} from '@/api/projects/fields';
import { isEditable, SettingsSection, useSettingsPart } from './SettingsSection';

/** Custom fields: one table of all 19 fields by category, saved together. */
export function CustomFieldsForm({ project, settings }: { project: Project; settings: ProjectSettings }) {
  const { t } = useTranslation();
  const { draft, setDraft, version, save, errors, frame } = useSettingsPart('custom-fields', project, settings, (s) =>
    normaliseCustomFields(s.custom_fields),
  );
  const rowErrors = fieldErrorsUnder(errors, 'custom_fields');
  const editable = isEditable(project);
  const set = (name: string, patch: Partial<CustomField>) =>
    setDraft((d) => ({ ...d, [name]: { ...d[name], ...patch } }));

  return (
    <SettingsSection
      {...frame}
      error={rowErrors[''] ?? errors.version}
      onSave={() => save({ custom_fields: customFieldsPayload(draft), version })}
    >
      <Table.ScrollContainer minWidth={620}>
        <Table layout="fixed" verticalSpacing="xs" horizontalSpacing="sm" data-testid="custom-fields-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={112}>{t('customFields.fieldColumn')}</Table.Th>
              <Table.Th>{t('customFields.alias')}</Table.Th>
              <Table.Th w={170}>{t('customFields.type')}</Table.Th>
              <Table.Th>{t('customFields.defaultValue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CUSTOM_FIELD_GROUPS.map((g) => (
              <Fragment key={g.category}>
                <Table.Tr bg="var(--mantine-color-default-hover)">
                  <Table.Td colSpan={4}>
                    <Text fw={700} size="sm">
                      {t(`customFields.categories.${g.category}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {g.fields.map((name) => {
                  const f = draft[name];
                  const error = rowErrors[name];
                  const label = t('customFields.field', { n: customFieldNumber(name) });
                  return (
                    <Fragment key={name}>
                      <Table.Tr data-testid="custom-field-row" data-field={name} data-active={f.active}>
                        <Table.Td>
                          <Group gap={8} wrap="nowrap">
                            <Switch
                              checked={f.active}
                              onChange={(e) => set(name, { active: e.currentTarget.checked })}
                              aria-label={t('customFields.activate', { field: label })}
                              data-testid={`cf-active-${name}`}
                            />
                            <Badge
                              variant="light"
                              color={f.active ? 'arbor' : 'gray'}
                              radius="sm"
                              style={{ flexShrink: 0, overflow: 'visible' }}
                            >
                              {customFieldNumber(name)}
                            </Badge>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            value={f.alias}
                            placeholder={label}
                            aria-label={`${t('customFields.alias')} ${label}`}
                            onChange={(e) => set(name, { alias: e.currentTarget.value })}
                            error={!!error}
                            maxLength={50}
                            data-testid={`cf-alias-${name}`}
                          />
                        </Table.Td>
                        <Table.Td>
                          <SegmentedControl
                            size="xs"
                            fullWidth
                            disabled={!editable}
                            value={f.type}
                            onChange={(v) => set(name, { type: v as CustomField['type'] })}
                            data={[
                              { value: 'text', label: t('customFields.text') },
                              { value: 'list', label: t('customFields.list') },
                            ]}
                            aria-label={`${t('customFields.type')} ${label}`}
                            data-testid={`cf-type-${name}`}
                          />
                        </Table.Td>
                        <Table.Td>
                          {f.type === 'list' ? (
                            <Select
                              size="xs"
                              clearable
                              value={f.values.includes(f.default_value) ? f.default_value : null}
                              data={[...new Set(f.values)]}
                              onChange={(v) => set(name, { default_value: v ?? '' })}
                              placeholder={t('customFields.noDefault')}
                              aria-label={`${t('customFields.defaultValue')} ${label}`}
                              data-testid={`cf-default-${name}`}
                            />
                          ) : (
                            <TextInput
                              size="xs"
                              value={f.default_value}
                              onChange={(e) => set(name, { default_value: e.currentTarget.value })}
                              placeholder={t('customFields.noDefault')}
                              aria-label={`${t('customFields.defaultValue')} ${label}`}
                              maxLength={200}
                              data-testid={`cf-default-${name}`}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                      {f.type === 'list' && (
                        <Table.Tr data-testid="custom-field-list-row" data-field={name}>
                          <Table.Td />
                          <Table.Td>
                            <TagsInput
                              size="xs"
                              label={t('customFields.entries')}
                              description={t('customFields.entriesHint')}
                              value={f.values}
                              onChange={(values) => set(name, { values })}
                              clearable
                              maxTags={500}
                              data-testid={`cf-values-${name}`}
                            />
                          </Table.Td>
                          <Table.Td colSpan={2}>
                            <Select
                              size="xs"
                              label={t('customFields.sort')}
                              allowDeselect={false}
                              value={f.sort}
                              onChange={(v) => v && set(name, { sort: v as CustomField['sort'] })}
                              data={[
                                { value: 'alpha', label: t('customFields.sortAlpha') },
                                { value: 'manual', label: t('customFields.sortManual') },
                              ]}
                              data-testid={`cf-sort-${name}`}
                            />
                          </Table.Td>
                        </Table.Tr>
                      )}
                      {error && (
                        <Table.Tr>
                          <Table.Td />
                          <Table.Td colSpan={3}>
                            <Text size="xs" c="red" role="alert" data-testid={`cf-error-${name}`}>
                              {error}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SettingsSection>
  );
}
