import type { ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { Figure } from '../figures';

/**
 * The frame of a dashboard card: a title, a line of explanation, the content; more links at the
 * top right to the page that shows all of it.
 */
export function DashboardCard({
  title,
  hint,
  more,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  more?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card padding="lg" h="100%" data-testid={testId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={2}>
          <Title order={3} fz="md">
            {title}
          </Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {more && (
          <Anchor component={Link} to={more.to} size="sm">
            {more.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** The row of figures atop a dashboard: as many columns as figures on a wide screen. */
export function FigureRow({ figures }: { figures: Figure[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: figures.length }} spacing="md">
      {figures.map((f) => (
        <FigureCard key={f.testId} {...f} />
      ))}
    </SimpleGrid>
  );
}

/** A single figure (trees, open works …); clickable when it opens a view. */
export function FigureCard({ label, value, hint, icon: Icon, color = 'arbor', onOpen, testId }: Figure) {
  const { i18n } = useTranslation();
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.15} data-testid={testId ? `${testId}-value` : undefined} data-value={value}>
          {formatNumber(value, i18n.language)}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      <ThemeIcon variant="light" color={color} size={40} radius="md">
        <Icon size={22} stroke={1.7} />
      </ThemeIcon>
    </Group>
  );
  return (
    <Card padding="lg" className="arbor-stat" data-testid={testId}>
      {onOpen ? <UnstyledButton onClick={onOpen}>{body}</UnstyledButton> : body}
    </Card>
  );
}
