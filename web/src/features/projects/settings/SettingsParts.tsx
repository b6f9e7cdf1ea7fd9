import { Alert, Card, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { BasemapsSection } from './BasemapsSection';
import { CustomFieldsForm } from './CustomFieldsForm';
import { DefaultValuesForm } from './DefaultValuesForm';
import { IntervalsForm } from './IntervalsForm';
import { RequiredFieldsForm } from './RequiredFieldsForm';

export type SettingsPart = 'custom-fields' | 'required-fields' | 'default-values' | 'map-settings' | 'index';

/** The settings sections backed by GET …/settings: loads them once, then shows the part asked for. */
export function SettingsPart({ project, part }: { project: Project; part: SettingsPart }) {
  const q = useProjectSettings(project.id);
  if (q.isPending) {
    return (
      <Card padding="xl" data-testid="loading">
        <Stack gap="sm">
          <Skeleton h={22} w="40%" />
          <Skeleton h={14} w="70%" />
          <Skeleton h={180} />
        </Stack>
      </Card>
    );
  }
  if (q.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="settings-error">
        {q.error.message}
      </Alert>
    );
  }
  const props = { project, settings: q.data };
  switch (part) {
    case 'custom-fields':
      return <CustomFieldsForm {...props} />;
    case 'required-fields':
      return <RequiredFieldsForm {...props} />;
    case 'default-values':
      return <DefaultValuesForm {...props} />;
    case 'index':
      return <IntervalsForm {...props} />;
    case 'map-settings':
      return <BasemapsSection {...props} />;
  }
}
