import { Alert, Box } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotice } from '@/lib/notify';

/** A dismissible bar for notices and API error messages (docs/PRODUCT.md §2 shell). */
export function NotificationBar({ stickyTop }: { stickyTop?: number }) {
  const { t } = useTranslation();
  const notice = useNotice();
  if (!notice) return null;
  const Icon =
    notice.color === 'green' ? IconCircleCheck : notice.color === 'blue' ? IconInfoCircle : IconAlertTriangle;
  const bar = (
    <Alert
      key={notice.id}
      role="alert"
      data-testid="notification-bar"
      color={notice.color}
      variant="light"
      icon={<Icon size={18} />}
      withCloseButton
      closeButtonLabel={t('notice.dismiss')}
      onClose={dismissNotice}
      radius="md"
    >
      {notice.message}
    </Alert>
  );
  if (stickyTop === undefined) return bar;
  return (
    <Box
      pos="sticky"
      top={stickyTop}
      style={{ zIndex: 90, background: 'var(--arbor-page-bg)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {bar}
    </Box>
  );
}
