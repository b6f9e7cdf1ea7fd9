import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ModalActions } from '@/components/ModalActions';
import { DangerZone } from '@/components/DangerZone';
import { useCancelOrganisation } from '../api/cancelOrganisation';
import type { Organisation } from '@/api/organisations/types';

/** The danger zone: cancel the organisation after typing its name. */
export function CancelOrganisationSection({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const cancel = useCancelOrganisation();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useInputState('');
  const matches = typed.trim() === o.name.trim();
  const close = () => {
    setOpened(false);
    setTyped('');
    cancel.reset();
  };
  const confirm = () =>
    cancel.mutate(o.id, {
      onSuccess: (answer) => {
        close();
        notifications.show({ color: 'arbor', message: answer?.message || t('organisation.cancelled') });
      },
    });
  return (
    <DangerZone
      title={t('organisation.dangerZone')}
      heading={t('organisation.cancelHeading')}
      text={t('organisation.cancelText')}
      action={t('organisation.cancelButton')}
      icon={IconBan}
      onAction={() => setOpened(true)}
      actionTestId="cancel-organisation"
    >
      <Modal opened={opened} onClose={close} title={<Text fw={650}>{t('organisation.cancelTitle')}</Text>} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) confirm();
          }}
          noValidate
          data-testid="cancel-form"
        >
          <Stack gap="md">
            <Text size="sm">{t('organisation.cancelConfirmText')}</Text>
            <TextInput
              label={t('organisation.cancelTypeName', { name: o.name })}
              name="confirmName"
              autoComplete="off"
              data-autofocus
              value={typed}
              onChange={setTyped}
            />
            <ModalActions
              error={cancel.error instanceof ApiError && cancel.error.message}
              onCancel={close}
              loading={cancel.isPending}
              disabled={!matches}
              color="red"
              submit={t('organisation.cancelConfirm')}
              submitTestId="cancel-confirm"
            />
          </Stack>
        </form>
      </Modal>
    </DangerZone>
  );
}
