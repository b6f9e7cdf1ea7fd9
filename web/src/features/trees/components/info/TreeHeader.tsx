import { Badge, Box, CloseButton, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconPlant2, IconPolygon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Tree } from '@/api/trees/types';
import { IconAction } from '@/components/IconAction';
import { stockState } from '@/lib/trees/tree';
import { CheckClassBadge, SafetyBadge } from '../badges';

export interface TreeHeaderProps {
  /** The object, once loaded. */
  tree: Tree | undefined;
  loading: boolean;
  /** The number as the project writes it (with the text beside it). */
  label: string;
  /** The species entry of the project's list, when the object has one. */
  species: { botanical: string; name: string } | undefined;
  /** The organisation is read-only (its contract ended). */
  terminated: boolean;
  mayExport: boolean;
  onPdf: () => void;
  onClose: () => void;
}

/** The head of the info window: what the object is, its number and species, its safety,
 * inspection and stock state, and the PDF and close buttons. */
export function TreeHeader({
  tree: d,
  loading,
  label,
  species,
  terminated,
  mayExport,
  onPdf,
  onClose,
}: TreeHeaderProps) {
  const { t } = useTranslation();
  const group = d ? !d.single_tree : false;
  const state = d ? stockState(d) : 'stock';
  return (
    <Box p="md" pb="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" size={40} radius="md" color={state === 'stock' ? 'arbor' : 'gray'}>
            {group ? <IconPolygon size={22} stroke={1.6} /> : <IconPlant2 size={22} stroke={1.6} />}
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              {group ? t('map.info.group') : t('map.info.tree')}
            </Text>
            {loading ? (
              <Skeleton h={24} w={120} mt={2} />
            ) : (
              <Text fw={700} size="lg" lh={1.2} data-testid="map-tree-number">
                {d ? label : '—'}
              </Text>
            )}
            {d && (
              <Text size="sm" c="dimmed" truncate data-testid="tree-species-line">
                {species ? (
                  <>
                    <Text span fs="italic" inherit>
                      {species.botanical || species.name}
                    </Text>
                    {species.name && species.name !== species.botanical ? ` · ${species.name}` : ''}
                  </>
                ) : (
                  d.species_botanical || t('map.info.noSpecies')
                )}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          {d && mayExport && (
            <IconAction
              label={t('exports.pdf.title')}
              icon={IconFileTypePdf}
              onClick={onPdf}
              tooltip
              testId="tree-pdf"
            />
          )}
          <CloseButton onClick={onClose} aria-label={t('map.info.close')} data-testid="tree-close" />
        </Group>
      </Group>
      {d && (
        <Group gap={6} mt="sm">
          <SafetyBadge value={d.action_security} checkClass={d.check_class} />
          <CheckClassBadge value={d.check_class} />
          {state !== 'stock' && (
            <Badge color={state === 'felled' ? 'orange' : 'gray'} variant="filled" data-testid="tree-state-badge">
              {t(`trees.stock.state.${state}`)}
            </Badge>
          )}
          {d.species_protection && (
            <Badge color="grape" variant="light">
              {t('trees.general.protected')}
            </Badge>
          )}
        </Group>
      )}
      {terminated && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('trees.readOnlyTerminated')}
        </Text>
      )}
    </Box>
  );
}
