import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Fields of one kind under a small title (required fields, default values). */
export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {children}
    </div>
  );
}

/** The project's active custom fields as a group, or that none is active. */
export function CustomFieldGroup({ active, children }: { active: string[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FieldGroup title={t('requiredFields.customFields')}>
      {active.length ? (
        children
      ) : (
        <Text size="sm" c="dimmed">
          {t('requiredFields.noCustom')}
        </Text>
      )}
    </FieldGroup>
  );
}
