import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ContentLists } from '@/api/trees/types';
import { workOptions } from '@/lib/trees/options';
import type { CheckValues } from './values';

/** The work an inspection orders, its deadline and whether it is relevant to safety (taken
 * from the work's list entry when one is picked). */
export function MeasureFields({
  form,
  lists,
}: {
  form: UseFormReturnType<CheckValues>;
  lists: ContentLists | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="check-measure-fields">
      <Select
        label={t('trees.rating.measureWork')}
        placeholder={t('trees.rating.measureWorkPlaceholder')}
        data={workOptions(t, lists?.work)}
        searchable
        required
        data-testid="check-measure-work"
        {...form.getInputProps('work')}
        onChange={(id) => {
          form.setFieldValue('work', id);
          const e = lists?.work?.find((x) => x.id === id);
          if (e) form.setFieldValue('relevant', e.security_relevance);
        }}
      />
      <TextInput
        type="date"
        label={t('trees.rating.measureDeadline')}
        data-testid="check-measure-deadline"
        {...form.getInputProps('deadline')}
      />
      <Switch
        label={t('trees.rating.measureRelevant')}
        data-testid="check-measure-relevant"
        {...form.getInputProps('relevant', { type: 'checkbox' })}
      />
    </SimpleGrid>
  );
}
