import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from './ListStates';

/** A part that arrives with a later release: a tidy empty state. */
export function ComingSoon({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <EmptyCard icon={icon} title={title} text={text} testId="coming-soon">
      <Badge variant="light" color="arbor" radius="sm">
        {t('empty.soon')}
      </Badge>
    </EmptyCard>
  );
}
