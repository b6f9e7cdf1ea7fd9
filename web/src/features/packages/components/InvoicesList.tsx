import { Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatEuro, invoiceURL, useInvoices } from '../api/packages';
import { packageTitle } from './names';

/** The organisation's invoices, newest first, each a PDF to download (administrators). */
export function InvoicesList({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation();
  const invoices = useInvoices(organisationId);
  if (invoices.isLoading) return <Skeleton h={80} radius="md" />;
  const list = invoices.data ?? [];
  if (!list.length)
    return (
      <Group gap="sm" c="dimmed" data-testid="invoices-empty">
        <IconFileInvoice size={20} stroke={1.5} />
        <Text size="sm">{t('packages.invoices.empty')}</Text>
      </Group>
    );
  return (
    <Stack gap={0} style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="xs" data-testid="invoices" miw={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('packages.invoices.number')}</Table.Th>
            <Table.Th>{t('packages.invoices.package')}</Table.Th>
            <Table.Th>{t('packages.invoices.date')}</Table.Th>
            <Table.Th ta="right">{t('packages.invoices.gross')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((b) => (
            <Table.Tr key={b.id} data-testid="invoice" data-number={b.invoice_number}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {b.invoice_number}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {b.quantity > 1 ? `${b.quantity} × ` : ''}
                  {packageTitle(t, { id: b.package, kind: b.kind, trees: treesOf(b.package) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{new Date(b.created_at).toLocaleDateString(i18n.language)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatEuro(b.gross_cents, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Anchor
                  href={invoiceURL(organisationId, b.id)}
                  download
                  size="sm"
                  aria-label={t('packages.invoices.download', { number: b.invoice_number })}
                >
                  <Group gap={4} wrap="nowrap">
                    <IconDownload size={16} />
                    PDF
                  </Group>
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A tree data package's size from its id (trees-2500). */
function treesOf(id: string): number | null {
  const m = /^trees-(\d+)$/.exec(id);
  return m ? Number(m[1]) : null;
}
