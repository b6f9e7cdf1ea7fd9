import type { ReactNode } from 'react';
import { Badge, Card, EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A part that arrives with a later release: a tidy empty state. */
export function ComingSoon({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Card padding="xl" py={56} data-testid="coming-soon">
      <EmptyState
        variant="light"
        color="arbor"
        size="lg"
        icon={icon}
        title={title}
        description={text}
        maw={520}
        mx="auto"
      >
        <Badge variant="light" color="arbor" radius="sm">
          {t('empty.soon')}
        </Badge>
      </EmptyState>
    </Card>
  );
}
