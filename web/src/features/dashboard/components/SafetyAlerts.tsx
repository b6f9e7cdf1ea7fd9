import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SafetyAlert } from '../api/types';
import { dataViewPath, segmentFilter } from '../filters';

/**
 * The projects with safety-relevant works past their deadline, above everything else on the user
 * dashboard: each opens its data view filtered to those objects. Nothing shows while none is late.
 */
export function SafetyAlerts({ alerts }: { alerts: SafetyAlert[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (alerts.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={20} />}
      title={t('dashboard.warnings.title')}
      data-testid="safety-alerts"
    >
      <Stack gap={6}>
        {alerts.map((a) => (
          <Group key={a.project} gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 240px' }} data-testid="safety-alert" data-value={a.objects}>
              <Text span fw={650} inherit>
                {a.projectName}
              </Text>
              {': '}
              {t('dashboard.warnings.overdue', { count: a.objects })}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              rightSection={<IconArrowRight size={14} />}
              style={{ flex: 'none' }}
              onClick={() => navigate(dataViewPath(a.project, segmentFilter('safetyOverdue', '')))}
              data-testid="safety-alert-open"
            >
              {t('dashboard.warnings.show')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
