import { Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProjectSettings } from '@/api/projects/settings';
import { useContentLists } from '@/api/trees/getContentLists';
import { useFieldFormatter } from '@/lib/trees/fieldFormat';
import type { EditedField } from '@/api/jobs/types';

/** The fields of a crew's kept edit: each with their value and the value the object holds. */
export function EditConflictFields({ projectId, fields }: { projectId: string; fields: Record<string, EditedField> }) {
  const { t } = useTranslation();
  const lists = useContentLists(projectId);
  const settings = useProjectSettings(projectId);
  const fmt = useFieldFormatter(lists.data, settings.data);
  const names = Object.keys(fields).sort((a, b) => fmt.label(a).localeCompare(fmt.label(b)));
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      horizontalSpacing="xs"
      fz="xs"
      data-testid="conflict-fields"
      aria-label={t('jobs.conflicts.fieldsLabel')}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th fw={500} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('jobs.conflicts.field')}
          </Table.Th>
          <Table.Th fw={500} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('jobs.conflicts.theirs')}
          </Table.Th>
          <Table.Th w={16} />
          <Table.Th fw={500} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('jobs.conflicts.current')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {names.map((name) => (
          <Table.Tr key={name} data-testid="conflict-field" data-field={name}>
            <Table.Td>
              <Text size="xs" fw={500}>
                {fmt.label(name)}
              </Text>
            </Table.Td>
            <Table.Td data-testid="conflict-theirs">
              <Text size="xs" fw={600} c="orange">
                {fmt.value(name, fields[name].mine)}
              </Text>
            </Table.Td>
            <Table.Td c="dimmed">
              <IconArrowRight size={12} aria-hidden />
            </Table.Td>
            <Table.Td data-testid="conflict-current">
              <Text size="xs">{fmt.value(name, fields[name].current)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
