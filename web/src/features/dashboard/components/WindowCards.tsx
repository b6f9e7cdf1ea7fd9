import { Grid, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { windowSegments } from '../segments';
import { DashboardCard } from './DashboardCard';
import { WindowBars } from './WindowBars';

/**
 * The inspections and the works by when they are due, two cards side by side (a project's
 * dashboard and the user's). With onOpen a segment opens the data view filtered to it.
 */
export function WindowCards({
  checks,
  works,
  onOpen,
}: {
  checks: object;
  works: object;
  onOpen?: (kind: 'checks' | 'works', key: string) => void;
}) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  return (['checks', 'works'] as const).map((kind) => (
    <Grid.Col key={kind} span={{ base: 12, md: 6 }}>
      <DashboardCard
        title={t(`dashboard.cards.${kind}`)}
        hint={t(`dashboard.cards.${kind}Hint`)}
        testId={`card-${kind}`}
      >
        <WindowBars
          segments={windowSegments(kind, kind === 'checks' ? checks : works, t, scheme)}
          label={t(`dashboard.cards.${kind}`)}
          onOpen={onOpen && ((k) => onOpen(kind, k))}
        />
      </DashboardCard>
    </Grid.Col>
  ));
}
