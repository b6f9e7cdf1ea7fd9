import { useState } from 'react';
import { Alert, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ModalActions } from '@/components/ModalActions';
import { extendedUntil, useExtendDemo, type SupportOrganisation } from '../api/support';

/** Platform support extends an organisation's demo by 1–90 days, after confirming the new end. */
export function ExtendDemoModal({
  organisation: o,
  onClose,
}: {
  organisation: SupportOrganisation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!o}
      onClose={onClose}
      centered
      title={
        <Text fw={650} component="span">
          {t('support.extend.title')}
        </Text>
      }
    >
      {o && <ExtendForm key={o.id} o={o} onClose={onClose} />}
    </Modal>
  );
}

function ExtendForm({ o, onClose }: { o: SupportOrganisation; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number | string>(14);
  const extend = useExtendDemo();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const n = typeof days === 'number' ? days : Number.NaN;
  const valid = Number.isInteger(n) && n >= 1 && n <= 90;
  const until = valid ? extendedUntil(o.demo_until, n) : null;
  const confirm = () => {
    if (!valid) return;
    extend.mutate(
      { id: o.id, days: n },
      {
        onSuccess: () => {
          notifications.show({
            color: 'arbor',
            message: t('support.extend.done', { name: o.name, date: until ? date.format(until) : '' }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="md" data-testid="extend-demo-modal">
      <Text size="sm">
        {o.status === 'expired'
          ? t('support.extend.endedText', { name: o.name, date: date.format(new Date(o.demo_until)) })
          : t('support.extend.runningText', { name: o.name, date: date.format(new Date(o.demo_until)) })}
      </Text>
      <NumberInput
        label={t('support.extend.days')}
        description={t('support.extend.daysHint')}
        min={1}
        max={90}
        step={1}
        allowDecimal={false}
        clampBehavior="none"
        value={days}
        onChange={setDays}
        error={valid ? undefined : t('support.extend.daysRange')}
        data-testid="extend-demo-days"
        data-autofocus
      />
      {until && (
        <Alert variant="light" color="arbor" icon={<IconCalendarPlus size={18} />} data-testid="extend-demo-until">
          {t('support.extend.newEnd', { date: date.format(until) })}
        </Alert>
      )}
      <ModalActions
        error={extend.error instanceof ApiError ? extend.error.message : null}
        onCancel={onClose}
        loading={extend.isPending}
        disabled={!valid}
        onSubmit={confirm}
        icon={<IconCalendarPlus size={16} />}
        submit={t('support.extend.confirm', { count: valid ? n : 0 })}
        submitTestId="extend-demo-confirm"
      />
    </Stack>
  );
}
