import { useState } from 'react';
import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDatabase, IconLock, IconTrees } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@/components/CardHeading';
import type { Organisation } from '@/api/organisations/types';
import { isAdmin } from '@/api/organisations/organisation';
import { usePackages, type Package } from '../api/packages';
import { BookingModal } from './BookingModal';
import { InvoicesList } from './InvoicesList';
import { PackageCard } from './PackageCard';
import { UsageMeter } from './UsageMeter';
import { packageTitle } from './names';

/** The organisation's packages page (administrators): what is booked and in use, the price list
 * to book from, and the invoices. */
export function PackagesPage({ organisation: o }: { organisation: Organisation }) {
  const { t, i18n } = useTranslation();
  const admin = isAdmin(o);
  const page = usePackages(o.id);
  const [booking, setBooking] = useState<Package | null>(null);
  if (!admin && !page.data)
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="packages-admins-only">
        {t('packages.adminsOnly')}
      </Alert>
    );
  if (!page.data) return <Skeleton h={420} radius="lg" />;
  const { packages, usage: u } = page.data;
  const num = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const current = packages.find((p) => p.id === u.tree_package);
  const canBook = admin && !o.terminated;
  const trees = packages.filter((p) => p.kind === 'trees');
  const recommended = trees.find((p) => (p.trees ?? 0) > (current?.trees ?? 0) && (p.trees ?? 0) >= u.tree_count * 1.1);
  const treeReason = (p: Package) => {
    if (current && (p.trees ?? 0) <= (current.trees ?? 0)) return t('packages.notUpgrade');
    if ((p.trees ?? 0) < u.tree_count) return t('packages.tooSmall', { count: u.tree_count });
    return null;
  };
  const gb = (mb: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(mb / 1024);
  const summary =
    u.status === 'booked' && current
      ? t('packages.summary.booked', { name: packageTitle(t, current) })
      : u.status === 'expired'
        ? t('packages.summary.expired')
        : t('packages.summary.demo', {
            date: new Date(u.demo_until).toLocaleDateString(i18n.language),
            count: u.tree_count_max,
          });

  return (
    <Stack gap={36} data-testid="packages-page" data-status={u.status}>
      <Stack gap="md">
        <CardHeading size="lg" gap={2} title={t('packages.usageTitle')} text={summary} />
        {u.notices.map((n) => (
          <Alert
            key={n}
            color={n.endsWith('_full') ? 'red' : 'orange'}
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid={`notice-${n}`}
          >
            {t(`packages.notices.${n}`)}
          </Alert>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <UsageMeter
            testId="tree-usage"
            icon={<IconTrees size={22} stroke={1.6} />}
            title={t('packages.treeSpace')}
            detail={t('packages.treeSpaceUsed', { used: num(u.tree_count), max: num(u.tree_count_max) })}
            percent={u.tree_space_percent_in_use}
          />
          <UsageMeter
            testId="data-usage"
            icon={<IconDatabase size={22} stroke={1.6} />}
            title={t('packages.dataSpace')}
            detail={t('packages.dataSpaceUsed', { used: gb(u.data_space_mb_used), max: gb(u.data_space_mb_max) })}
            percent={u.data_space_percent_in_use}
          />
        </SimpleGrid>
      </Stack>

      <Stack gap="md">
        <CardHeading size="lg" gap={2} title={t('packages.treesHeading')} text={t('packages.treesText')} />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          {trees.map((p) => (
            <PackageCard
              key={p.id}
              pkg={p}
              title={packageTitle(t, p)}
              booked={p.id === u.tree_package}
              highlight={p.id === recommended?.id}
              disabledReason={treeReason(p)}
              actionLabel={current ? t('packages.upgrade') : t('packages.book')}
              onBook={canBook ? () => setBooking(p) : undefined}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="md">
        <CardHeading size="lg" gap={2} title={t('packages.extrasHeading')} text={t('packages.extrasText')} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {packages
            .filter((p) => p.kind !== 'trees')
            .map((p) => (
              <PackageCard
                key={p.id}
                pkg={p}
                title={packageTitle(t, p)}
                text={t(`packages.text.${p.id}`)}
                booked={p.kind === 'addon' && u.booked_addons.includes(p.id)}
                actionLabel={t('packages.book')}
                onBook={canBook ? () => setBooking(p) : undefined}
                extra={
                  p.kind === 'storage' && u.storage_packages > 0 ? (
                    <Text size="xs" fw={600} c="arbor">
                      {t('packages.storageBooked', { count: u.storage_packages })}
                    </Text>
                  ) : null
                }
              />
            ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="md">
        <CardHeading size="lg" gap={2} title={t('packages.invoices.title')} text={t('packages.invoices.text')} />
        <InvoicesList organisationId={o.id} />
      </Stack>

      <BookingModal
        organisation={o}
        pkg={booking}
        vatPercent={u.vat_percent}
        upgrade={!!current && booking?.kind === 'trees'}
        onClose={() => setBooking(null)}
      />
    </Stack>
  );
}
