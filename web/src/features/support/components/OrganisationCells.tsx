import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusBadge } from '@/api/organisations/organisation';
import { storageSize, type SupportOrganisation } from '../api/support';

/** The organisation's state: demo with its days left, booked, demo expired (read-only), cancelled. */
export function StateCell({ o }: { o: SupportOrganisation }) {
  const { t, i18n } = useTranslation();
  const b = statusBadge(o);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        variant="light"
        color={b.color}
        style={{ flexShrink: 0, overflow: 'visible' }}
        data-testid="support-org-status"
        data-status={o.status}
      >
        {t(b.key, { count: b.count })}
      </Badge>
      {(o.status === 'demo' || o.status === 'expired') && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t(o.status === 'demo' ? 'support.state.until' : 'support.state.readOnlySince', {
            date: date.format(new Date(o.demo_until)),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** The booked tree data package, add-ons and photo storage. */
export function PackageCell({ o }: { o: SupportOrganisation }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start" data-testid="support-org-package">
      <Text size="sm" fw={o.tree_package ? 600 : undefined} c={o.tree_package ? undefined : 'dimmed'}>
        {o.tree_package
          ? t('packages.treesTitle', { count: o.tree_count_max })
          : t('support.package.none', { count: o.tree_count_max })}
      </Text>
      {(o.addons.length > 0 || o.storage_packages > 0) && (
        <Group gap={4}>
          {o.addons.map((a) => (
            <Badge key={a} size="xs" variant="outline" color="arbor" data-testid="support-org-addon">
              {t(`packages.names.${a}`, { defaultValue: a })}
            </Badge>
          ))}
          {o.storage_packages > 0 && (
            <Badge size="xs" variant="outline" color="gray">
              {t('support.package.storage', { count: o.storage_packages })}
            </Badge>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Use of a package: "used / max" over a thin bar, orange from 90 %, red when full. */
function UsageCell({ used, max, label, testId }: { used: number; max: number; label: string; testId: string }) {
  const pct = max > 0 ? (used * 100) / max : 0;
  const color = pct >= 100 ? 'red' : pct >= 90 ? 'orange' : 'arbor';
  return (
    <Stack gap={4} miw={120} data-testid={testId}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Progress value={Math.min(100, Math.max(pct, used > 0 ? 1 : 0))} color={color} size="sm" aria-label={label} />
    </Stack>
  );
}

/** "812 / 1,000" trees of an organisation, over its bar. */
export function TreesCell({ o }: { o: SupportOrganisation }) {
  const { i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <UsageCell
      used={o.tree_count}
      max={o.tree_count_max}
      label={`${n.format(o.tree_count)} / ${n.format(o.tree_count_max)}`}
      testId="support-org-trees"
    />
  );
}

/** "1.2 GB / 5 GB" of an organisation's storage, over its bar. */
export function StorageCell({ o }: { o: SupportOrganisation }) {
  const { i18n } = useTranslation();
  return (
    <UsageCell
      used={o.data_space_mb_used}
      max={o.data_space_mb_max}
      label={`${storageSize(o.data_space_mb_used, i18n.language)} / ${storageSize(o.data_space_mb_max, i18n.language)}`}
      testId="support-org-storage"
    />
  );
}

/** "Created 3 Mar 2025". */
export function CreatedText({ o }: { o: SupportOrganisation }) {
  const { t, i18n } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t('support.created', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(o.created_at)),
      })}
    </Text>
  );
}
