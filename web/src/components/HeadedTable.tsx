import type { ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';

/** A column of a HeadedTable: its heading (or, for a column of buttons, only its name), whether its figures align right, its width. */
export interface HeadedColumn {
  label?: ReactNode;
  ariaLabel?: string;
  right?: boolean;
  w?: number;
}

/**
 * A table of rows under a row of headings, scrolling sideways below minWidth (projects, jobs,
 * an organisation's projects and assignments, members, inspection intervals). The rows are the
 * children; the rest of the props go to the table (highlightOnHover={false} for rows that are forms).
 */
export function HeadedTable({
  minWidth,
  columns,
  children,
  ...props
}: { minWidth: number; columns: HeadedColumn[]; children: ReactNode } & Omit<TableProps, 'children'> & {
    'data-testid'?: string;
  }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover {...props}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={i} ta={c.right ? 'right' : undefined} w={c.w} aria-label={c.ariaLabel}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
