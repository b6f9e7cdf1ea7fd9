import type { ReactNode } from 'react';
import { Badge, Card, EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

/** A page whose content arrives with a later feature: a friendly empty state. */
export function EmptyPage({
  titleKey,
  emptyKey,
  icon,
  action,
}: {
  titleKey: string;
  emptyKey: string;
  icon: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t(titleKey)}
        actions={
          <Badge variant="light" color="arbor" size="lg" radius="sm">
            {t('empty.soon')}
          </Badge>
        }
      />
      <Card padding="xl" py={64} data-testid="empty-state">
        <EmptyState
          variant="light"
          color="arbor"
          size="lg"
          icon={icon}
          title={t(`${emptyKey}.title`)}
          description={t(`${emptyKey}.text`)}
          maw={520}
          mx="auto"
        >
          {action}
        </EmptyState>
      </Card>
    </>
  );
}
