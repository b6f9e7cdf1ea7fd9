import { Fragment } from 'react';
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DefaultValue, ProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { CUSTOM_FIELDS, DEFAULT_FIELDS, defaultValuesPayload, fieldErrorsUnder } from '@/api/projects/fields';
import { fieldLabel } from '@/api/projects/labels';
import { enumOptions } from '@/lib/trees/options';
import { CustomFieldGroup } from './FieldGroup';
import { SettingsSection, useSettingsPart } from './SettingsSection';

type Draft = Record<string, DefaultValue | null>;

/** Defaults for new trees: a few tree fields and the active custom fields; empty means no default. */
export function DefaultValuesForm({ project, settings }: { project: Project; settings: ProjectSettings }) {
  const { t } = useTranslation();
  const custom = settings.custom_fields;
  const activeCustom = CUSTOM_FIELDS.filter((n) => custom[n]?.active);
  const { draft, setDraft, version, save, errors, frame } = useSettingsPart<Draft>(
    'default-values',
    project,
    settings,
    (s) => ({
      ...s.default_values,
    }),
  );
  const fieldErrors = fieldErrorsUnder(errors, 'default_values');
  const set = (name: string, v: DefaultValue | null) => setDraft((d) => ({ ...d, [name]: v }));
  const shown = [...DEFAULT_FIELDS.map((f) => f.name), ...activeCustom];
  const payload = () => defaultValuesPayload(Object.fromEntries(shown.map((n) => [n, draft[n]])));

  const input = (name: string, kind: 'text' | 'number' | 'enum' | 'custom') => {
    const common = {
      label: fieldLabel(t, name, custom),
      error: fieldErrors[name],
      'data-testid': `default-${name}`,
    };
    const v = draft[name];
    if (kind === 'number') {
      return (
        <NumberInput
          {...common}
          value={typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : ''}
          onChange={(n) => set(name, typeof n === 'number' ? n : null)}
          min={0}
          max={name === 'planting_year' ? 2200 : undefined}
          allowDecimal={name !== 'planting_year'}
          placeholder={t('defaultValues.none')}
        />
      );
    }
    if (kind === 'enum') {
      return (
        <Select
          {...common}
          clearable
          value={v === null || v === undefined || v === '' ? null : String(v)}
          onChange={(s) => set(name, s === null ? null : Number(s))}
          placeholder={t('defaultValues.none')}
          data={enumOptions(t, name)}
        />
      );
    }
    if (kind === 'custom' && custom[name]?.type === 'list') {
      return (
        <Select
          {...common}
          clearable
          value={typeof v === 'string' && v ? v : null}
          onChange={(s) => set(name, s)}
          placeholder={t('defaultValues.none')}
          data={[...new Set(custom[name].values)]}
        />
      );
    }
    return (
      <TextInput
        {...common}
        value={v === null || v === undefined ? '' : String(v)}
        onChange={(e) => set(name, e.currentTarget.value)}
        placeholder={t('defaultValues.none')}
        maxLength={200}
      />
    );
  };

  return (
    <SettingsSection
      {...frame}
      error={fieldErrors[''] ?? errors.version}
      onSave={() => save({ default_values: payload(), version })}
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {DEFAULT_FIELDS.map((f) => (
            <Fragment key={f.name}>{input(f.name, f.kind)}</Fragment>
          ))}
        </SimpleGrid>
        <CustomFieldGroup active={activeCustom}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {activeCustom.map((n) => (
              <Fragment key={n}>{input(n, 'custom')}</Fragment>
            ))}
          </SimpleGrid>
        </CustomFieldGroup>
      </Stack>
    </SettingsSection>
  );
}
