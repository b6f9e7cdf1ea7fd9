import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatEuro, type Package } from '../api/packages';

/** One package of the price list: what it gives, its yearly price, and booking it. */
export function PackageCard({
  pkg,
  title,
  text,
  booked,
  highlight,
  disabledReason,
  actionLabel,
  onBook,
  extra,
}: {
  pkg: Package;
  title: ReactNode;
  text?: ReactNode;
  booked?: boolean;
  highlight?: boolean;
  disabledReason?: string | null;
  actionLabel: string;
  onBook?: () => void;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid={`package-${pkg.id}`}
      data-booked={booked ? 'true' : 'false'}
      style={{
        height: '100%',
        borderColor: booked || highlight ? 'var(--mantine-color-arbor-filled)' : undefined,
        borderWidth: booked || highlight ? 2 : undefined,
      }}
    >
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          {highlight && !booked && (
            <Badge color="arbor" variant="light" radius="sm" size="sm" w="fit-content" data-testid="recommended">
              {t('packages.recommended')}
            </Badge>
          )}
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={650} size="md">
              {title}
            </Text>
            {booked && (
              <Badge color="arbor" variant="filled" leftSection={<IconCheck size={12} />} radius="sm">
                {t('packages.booked')}
              </Badge>
            )}
          </Group>
          {text && (
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          )}
          <Group gap={6} align="baseline" mt={4}>
            <Text fz={24} fw={750} lh={1.1} data-testid="package-price">
              {formatEuro(pkg.price_cents, i18n.language)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('packages.perYear')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('packages.plusVat')}
          </Text>
          {pkg.setup_hour_cents != null && (
            <Text size="xs" c="dimmed">
              {t('packages.setup', { price: formatEuro(pkg.setup_hour_cents, i18n.language) })}
            </Text>
          )}
          {extra}
        </Stack>
        {onBook && !booked && (
          <Stack gap={4}>
            <Button
              fullWidth
              variant={highlight ? 'filled' : 'light'}
              disabled={!!disabledReason}
              onClick={onBook}
              data-testid={`book-${pkg.id}`}
            >
              {actionLabel}
            </Button>
            {disabledReason && (
              <Text size="xs" c="dimmed" ta="center">
                {disabledReason}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
