import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from '@mantine/core';

/**
 * Nothing to show yet, inside a card that has a title of its own (the full-card version is
 * `EmptyCard` in ListStates): the icon, what will be here, and how it comes.
 */
export function EmptyNote({
  icon,
  title,
  text,
  ...props
}: { icon: ReactNode; title: string; text: string } & Omit<EmptyStateProps, 'icon' | 'title' | 'description'>) {
  return (
    <EmptyState
      variant="light"
      color="arbor"
      icon={icon}
      title={title}
      description={text}
      py="xl"
      maw={460}
      mx="auto"
      {...props}
    />
  );
}
