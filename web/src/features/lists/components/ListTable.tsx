import { Badge, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ListEntry, type ListName } from '../lists';
import { RowButton, RowButtons } from '@/components/RowButton';

export interface ListTableProps {
  list: ListName;
  /** The columns of the list (its entries' fields). */
  cols: string[];
  /** The entries of the page shown. */
  rows: ListEntry[];
  editable: boolean;
  /** The name of an entry's parent (a work of a note, a symptom of a note). */
  parentName: (id: string | null) => string;
  onEdit: (e: ListEntry) => void;
  onRemove: (e: ListEntry) => void;
}

/** A page of a value list: an entry a row, standard or own, own ones to edit and remove. */
export function ListTable({ list, cols, rows, editable, parentName, onEdit, onRemove }: ListTableProps) {
  const { t } = useTranslation();
  const cell = (e: ListEntry, c: string) => {
    switch (c) {
      case 'botanical':
        return (
          <Text size="sm" fs="italic">
            {e.botanical}
          </Text>
        );
      case 'speciesName':
      case 'name':
        return <Text size="sm">{e.name}</Text>;
      case 'protection':
        return e.protection ? (
          <Badge variant="light" color="green">
            {t('lists.protected')}
          </Badge>
        ) : null;
      case 'category':
        return e.category ? t(`lists.categories.${e.category}`, { defaultValue: e.category }) : '';
      case 'actionSecurity':
        return t(`lists.actionSecurity.${e.action_security}`);
      case 'securityRelevance':
        return e.security_relevance ? t('lists.yes') : t('lists.no');
      case 'symptomType':
        return e.symptom_type ? t(`lists.symptomTypes.${e.symptom_type}`) : '';
      case 'note':
        return (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {e.note}
          </Text>
        );
      default:
        return parentName(e.parent);
    }
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="list-table">
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) => (
              <Table.Th key={c}>{t(`lists.columns.${c}`)}</Table.Th>
            ))}
            <Table.Th w={120}>{t('lists.columns.source')}</Table.Th>
            {editable && <Table.Th w={90} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr
              key={e.id}
              data-testid="list-row"
              data-name={list === 'species' ? e.botanical : e.name}
              data-global={e.global}
            >
              {cols.map((c) => (
                <Table.Td key={c}>{cell(e, c)}</Table.Td>
              ))}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {e.global ? (
                  <Badge variant="light" color="gray" style={{ overflow: 'visible' }} data-testid="standard-badge">
                    {t('lists.standard')}
                  </Badge>
                ) : (
                  <Badge variant="light" color="arbor">
                    {t('lists.own')}
                  </Badge>
                )}
              </Table.Td>
              {editable && (
                <Table.Td>
                  {!e.global && (
                    <RowButtons
                      gap={4}
                      remove={{
                        label: t('lists.remove'),
                        name: e.name,
                        onClick: () => onRemove(e),
                        testId: 'remove-entry',
                      }}
                    >
                      <RowButton
                        label={t('lists.edit')}
                        name={e.name}
                        icon={IconPencil}
                        onClick={() => onEdit(e)}
                        testId="edit-entry"
                        arrow
                      />
                    </RowButtons>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
