import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconPackage } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '@/api/organisations/types';
import { isAdmin } from '@/api/organisations/organisation';

/** An orange notice about the demo, with "Choose a package" for administrators. */
function PackageNotice({
  icon,
  text,
  onPackages,
  testId,
}: {
  icon: ReactNode;
  text: string;
  onPackages?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={icon} data-testid={testId}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        {onPackages && (
          <Button size="xs" variant="light" color="orange" onClick={onPackages}>
            {t('organisation.choosePackage')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** The demo's notices (docs/PRODUCT.md §4): it ends in N days, in one day (from a week before),
 * it has ended — then also the demo expired modal, once per browser session, offering a package. */
export function DemoNotices({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const seenKey = `arbor.demoExpired.${o.id}`;
  const [open, setOpen] = useState(() => o.status === 'expired' && !sessionStorage.getItem(seenKey));
  const packages = () => navigate(`/organisations/${o.id}/packages`);
  const close = () => {
    sessionStorage.setItem(seenKey, '1');
    setOpen(false);
  };
  const admin = isAdmin(o);
  if (o.status === 'demo' && o.demo_days_left <= 7) {
    return (
      <PackageNotice
        icon={<IconClockHour4 size={18} />}
        text={t('organisation.demoEnds', { count: o.demo_days_left })}
        onPackages={admin ? packages : undefined}
        testId="demo-ending-notice"
      />
    );
  }
  if (o.status !== 'expired') return null;
  return (
    <>
      <PackageNotice
        icon={<IconAlertTriangle size={18} />}
        text={t('organisation.expiredText')}
        onPackages={admin ? packages : undefined}
        testId="expired-notice"
      />
      <Modal
        opened={open}
        onClose={close}
        centered
        title={<Text fw={650}>{t('organisation.expiredModal.title')}</Text>}
      >
        <Stack gap="md" data-testid="demo-expired-modal">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon color="orange" variant="light" radius="xl" size={44}>
              <IconPackage size={24} />
            </ThemeIcon>
            <Text size="sm">{t(admin ? 'organisation.expiredModal.textAdmin' : 'organisation.expiredModal.text')}</Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('organisation.expiredModal.later')}
            </Button>
            {admin && (
              <Button
                onClick={() => {
                  close();
                  packages();
                }}
                data-testid="demo-expired-book"
              >
                {t('organisation.choosePackage')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
