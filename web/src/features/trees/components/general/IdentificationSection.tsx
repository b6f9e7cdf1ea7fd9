import type { Ref } from 'react';
import { Badge, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentLists, Tree } from '@/api/trees/types';
import { speciesOptions } from '@/lib/trees/options';
import { Section } from '../Section';
import { isRequired, readOnly, type FieldsProps } from './fields';

export interface IdentificationSectionProps extends FieldsProps {
  tree: Tree;
  lists: ContentLists | undefined;
  /** The project shows a text beside the number (a plate, a site's code). */
  showNumberText: boolean;
  numberRef: Ref<HTMLInputElement>;
}

/** The number (always required), the text beside it, and the species with its protection. */
export function IdentificationSection({
  tree,
  lists,
  showNumberText,
  numberRef,
  ...fields
}: IdentificationSectionProps) {
  const { t } = useTranslation();
  const { form, editable } = fields;
  return (
    <Section title={t('trees.general.identification')}>
      <SimpleGrid cols={showNumberText ? 2 : 1} spacing="sm">
        <NumberInput
          ref={numberRef}
          label={t('treeFields.number')}
          min={0}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          withAsterisk={editable}
          data-testid="tree-field-number"
          {...readOnly(editable)}
          {...form.getInputProps('number')}
        />
        {showNumberText && (
          <TextInput
            label={t('treeFields.number_text')}
            withAsterisk={isRequired(fields, 'number_text')}
            maxLength={50}
            data-testid="tree-field-number_text"
            {...readOnly(editable)}
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
        withAsterisk={isRequired(fields, 'species')}
        data-testid="tree-field-species"
        {...readOnly(editable)}
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
  );
}
