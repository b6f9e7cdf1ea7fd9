import { MultiSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentLists, Tree } from '@/api/trees/types';
import { formatArea } from '@/lib/format';
import { symptomOptions } from '@/lib/trees/options';
import { Section } from '../Section';
import { isRequired, readOnly, TreeEnumSelect, TreeNumberInput, type FieldsProps } from './fields';

/** A group's count of trees and species, and its area (computed from its outline). */
export function GroupSection({ tree, ...fields }: FieldsProps & { tree: Tree }) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={t('trees.general.group')}>
      <SimpleGrid cols={3} spacing="sm">
        <TreeNumberInput name="tree_count" {...fields} />
        <TreeNumberInput name="species_count" {...fields} />
        <TextInput
          label={t('treeFields.area')}
          value={tree.area ? formatArea(tree.area, i18n.language) : '—'}
          readOnly
          variant="filled"
          data-testid="tree-area"
        />
      </SimpleGrid>
    </Section>
  );
}

/** Planting year, height, diameters, circumference and the form of the crown. */
export function SizesSection(fields: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('trees.general.sizes')}>
      <SimpleGrid cols={2} spacing="sm">
        <TreeNumberInput name="planting_year" max={new Date().getFullYear() + 1} {...fields} />
        <TreeNumberInput name="height" decimal {...fields} />
        <TreeNumberInput name="diameter" decimal {...fields} />
        <TreeNumberInput name="scope" decimal {...fields} />
        <TreeNumberInput name="top_diameter" decimal {...fields} />
        <TextInput
          label={t('treeFields.top_form')}
          withAsterisk={isRequired(fields, 'top_form')}
          maxLength={100}
          data-testid="tree-field-top_form"
          {...readOnly(fields.editable)}
          {...fields.form.getInputProps('top_form')}
        />
      </SimpleGrid>
    </Section>
  );
}

export interface ConditionSectionProps extends FieldsProps {
  lists: ContentLists | undefined;
  /** A group is also valued as a group. */
  group: boolean;
}

/** Vitality, development, damage, the traffic safety expectation, symptoms and valuations. */
export function ConditionSection({ lists, group, ...fields }: ConditionSectionProps) {
  const { t } = useTranslation();
  const { form, editable } = fields;
  return (
    <Section title={t('trees.general.condition')}>
      <Text size="xs" c="dimmed">
        {t('trees.general.conditionHint')}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        <TreeEnumSelect name="vitality" {...fields} />
        <TreeEnumSelect name="development" {...fields} />
        <TreeEnumSelect name="damage_tree" {...fields} />
        <TreeEnumSelect name="security_expectation" {...fields} />
      </SimpleGrid>
      <MultiSelect
        label={t('treeFields.symptoms')}
        data={symptomOptions(t, lists?.symptom, form.values.symptoms)}
        searchable
        clearable={editable}
        withAsterisk={isRequired(fields, 'symptoms')}
        hidePickedOptions
        data-testid="tree-field-symptoms"
        {...readOnly(editable)}
        {...form.getInputProps('symptoms')}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TreeEnumSelect name="valuation_root" {...fields} />
        <TreeEnumSelect name="valuation_trunk" {...fields} />
        <TreeEnumSelect name="valuation_top" {...fields} />
        {group && <TreeEnumSelect name="valuation_group" {...fields} />}
      </SimpleGrid>
    </Section>
  );
}
