import type { ReactNode } from 'react';
import { Stack, Text, Title, type StackProps } from '@mantine/core';

/** A card's title with what it is for below in grey. */
export function CardHeading({
  title,
  text,
  size = 'md',
  color,
  ...props
}: { title: ReactNode; text?: ReactNode; size?: 'md' | 'lg'; color?: string } & Omit<StackProps, 'title'>) {
  return (
    <Stack gap={4} {...props}>
      <Title order={3} fz={size} c={color}>
        {title}
      </Title>
      {text && (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      )}
    </Stack>
  );
}
