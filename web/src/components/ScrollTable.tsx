import type { ReactNode } from 'react';
import { ScrollArea, Table, type TableProps } from '@mantine/core';

/**
 * A table that scrolls in a box of at most mah (with mb below it): its heading cells, and its rows
 * as children. The rest of the props go to the table.
 */
export function ScrollTable({
  mah,
  mb,
  head,
  children,
  ...props
}: { mah: number | string; mb?: string; head: ReactNode; children: ReactNode } & Omit<TableProps, 'children'> & {
    'data-testid'?: string;
  }) {
  return (
    <ScrollArea.Autosize mah={mah} type="auto" mb={mb}>
      <Table {...props}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
