import { useEffect, useMemo } from 'react';
import { Badge, Checkbox, Group, Image, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/components/ScrollTable';
import type { PhotoRow, PhotoTarget } from '../api/types';

/** The object a photo goes to, as people name it: "Tree 117 · Tilia cordata". */
export function targetLabel(t: (k: string, o?: Record<string, unknown>) => string, target: PhotoTarget): string {
  const number = target.number_text || String(target.number);
  const name = t(target.single_tree ? 'photoImport.check.tree' : 'photoImport.check.group', { number });
  return target.species_botanical ? `${name} · ${target.species_botanical}` : name;
}

/** The photos of a batch with what each found: a small picture, the object and how, or why none. */
export function MatchTable({ rows, onInclude }: { rows: PhotoRow[]; onInclude: (i: number, v: boolean) => void }) {
  const { t, i18n } = useTranslation();
  // One address per photo for the small pictures, given back when the table goes.
  const urls = useMemo(() => rows.map((r) => URL.createObjectURL(r.file)), [rows.length]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  // The camera's clock has no zone: shown as it is (in UTC, as the server sends it).
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (
    <ScrollTable
      mah="50vh"
      striped
      verticalSpacing={6}
      data-testid="photo-import-table"
      head={
        <>
          <Table.Th w={36} />
          <Table.Th>{t('photoImport.check.photo')}</Table.Th>
          <Table.Th>{t('photoImport.check.target')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('photoImport.check.taken')}</Table.Th>
        </>
      }
    >
      {rows.map((r, i) => {
        const m = r.match;
        return (
          <Table.Tr key={i} data-testid="photo-import-row" data-found={m.target ? 'yes' : 'no'}>
            <Table.Td>
              <Checkbox
                checked={r.include}
                disabled={!m.target}
                onChange={(e) => onInclude(i, e.currentTarget.checked)}
                aria-label={t('photoImport.check.include')}
              />
            </Table.Td>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Image src={urls[i]} w={44} h={44} radius="sm" fit="cover" loading="lazy" alt="" />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.name}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>
              {m.target ? (
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={500}>
                    {targetLabel(t, m.target)}
                  </Text>
                  <Badge size="sm" variant="light" color={m.by === 'number' ? 'blue' : 'teal'}>
                    {m.by === 'number'
                      ? t('photoImport.check.byNumber')
                      : t('photoImport.check.byPlace', { distance: Math.round(m.target.distance ?? 0) })}
                  </Badge>
                </Group>
              ) : (
                <Text size="sm" c="red" data-testid="photo-import-problem">
                  {t(`photoImport.problems.${(m.problem ?? '').replace(/^files\./, '')}`)}
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm" c="dimmed">
                {m.taken_at ? when.format(new Date(m.taken_at)) : '–'}
              </Text>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ScrollTable>
  );
}
