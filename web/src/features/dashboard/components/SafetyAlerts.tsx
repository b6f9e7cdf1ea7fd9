import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SafetyAlert } from '../api/types';
import { dataViewPath, segmentFilter } from '../filters';
import { SafetyWarnings } from './SafetyWarnings';

/**
 * The projects with safety-relevant works past their deadline, above everything else on the user
 * dashboard: each opens its data view filtered to those objects.
 */
export function SafetyAlerts({ alerts }: { alerts: SafetyAlert[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SafetyWarnings
      testId="safety-alerts"
      warnings={alerts.map((a) => ({
        key: a.project,
        count: a.objects,
        testId: 'safety-alert',
        text: (
          <>
            <Text span fw={650} inherit>
              {a.projectName}
            </Text>
            {': '}
            {t('dashboard.warnings.overdue', { count: a.objects })}
          </>
        ),
        onOpen: () => navigate(dataViewPath(a.project, segmentFilter('safetyOverdue', ''))),
      }))}
    />
  );
}
