import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title, type PaperProps } from '@mantine/core';

/**
 * The card a guest page stands in (login, register, reset; the legal pages `wide`: more padding,
 * up to 820 px).
 */
export function GuestCard({
  title,
  subtitle,
  wide,
  children,
  ...props
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
} & Omit<PaperProps, 'title'>) {
  const size = wide ? { p: { base: 'lg', sm: 48 }, maw: 820, mx: 'auto', w: '100%' } : { p: { base: 'lg', sm: 32 } };
  return (
    <Paper className="arbor-guest-card" radius="lg" {...size} {...props}>
      <Stack gap="lg">
        {(title || subtitle) && (
          <Stack gap={6}>
            {title && (
              <Title order={2} fz={24} lts={-0.3}>
                {title}
              </Title>
            )}
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
