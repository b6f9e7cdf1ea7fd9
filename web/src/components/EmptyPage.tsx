import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from './ListStates';
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
      <EmptyCard icon={icon} title={t(`${emptyKey}.title`)} text={t(`${emptyKey}.text`)}>
        {action}
      </EmptyCard>
    </>
  );
}
