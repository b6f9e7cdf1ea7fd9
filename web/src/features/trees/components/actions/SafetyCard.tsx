import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Action, Tree } from '@/api/trees/types';
import { formatDate, todayISO } from '@/lib/trees/format';
import { SAFETY_COLORS } from '@/lib/trees/tree';
import { FELLING_WARN_DAYS, fellingWarning, overdueSafetyWorks } from '../../safety';
import { SafetyBadge } from '../badges';

export interface SafetyCardProps {
  tree: Tree;
  /** The tree's open works. */
  open: Action[];
  /** The works are loaded: only then can a felling without one be told. */
  loaded: boolean;
}

/** The safety the works give the tree, and warnings: safety works overdue, a felling far off or missing. */
export function SafetyCard({ tree, open, loaded }: SafetyCardProps) {
  const { t, i18n } = useTranslation();
  const today = todayISO();
  const overdue = overdueSafetyWorks(open, today);
  const felling = loaded ? fellingWarning(tree.action_security, open, today) : null;
  return (
    <>
      <Paper
        withBorder
        radius="md"
        p="md"
        style={{ borderLeft: `4px solid var(--mantine-color-${SAFETY_COLORS[tree.action_security] ?? 'gray'}-6)` }}
        data-testid="tree-safety-card"
      >
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('trees.works.safety')}
          </Text>
          <Group gap="sm">
            <SafetyBadge value={tree.action_security} size="xl" radius="md" />
          </Group>
          <Text size="xs" c="dimmed">
            {t(`trees.works.safetyText.${tree.action_security}`)}
          </Text>
        </Stack>
      </Paper>
      {overdue.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="tree-safety-overdue">
          {t('trees.works.safetyOverdue', { count: overdue.length })}
        </Alert>
      )}
      {felling && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="tree-felling-far">
          {felling.kind === 'far'
            ? t('trees.works.fellingFar', { date: formatDate(felling.date, i18n.language), days: FELLING_WARN_DAYS })
            : t('trees.works.fellingNone', { days: FELLING_WARN_DAYS })}
        </Alert>
      )}
    </>
  );
}
