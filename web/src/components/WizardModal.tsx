import type { ComponentProps } from 'react';
import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { WizardFrame } from './WizardFrame';

/** A button of the wizard's foot that steps back or cancels; false where the step has none. */
type FootButton = { label: string; onClick: () => void } | false;

/**
 * A wizard in a wide modal (the frame is WizardFrame), over the whole screen on a phone: narrower
 * than fullScreenBelow. Back stands at the left of the foot, cancel before the step's actions, and
 * finish (which closes the wizard once its work is over) after them.
 */
export function WizardModal({
  opened,
  onClose,
  title,
  modalTestId,
  fullScreenBelow,
  back,
  cancel,
  finish,
  actions,
  ...frame
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  modalTestId: string;
  fullScreenBelow: string;
  back: FootButton;
  cancel: FootButton;
  finish: { label: string; testId: string } | false;
} & Omit<ComponentProps<typeof WizardFrame>, 'back'>) {
  const phone = useMediaQuery(`(max-width: ${fullScreenBelow})`);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" fullScreen={phone} data-testid={modalTestId}>
      <WizardFrame
        {...frame}
        back={
          back && (
            <Button variant="default" onClick={back.onClick}>
              {back.label}
            </Button>
          )
        }
        actions={
          <>
            {cancel && (
              <Button variant="subtle" onClick={cancel.onClick}>
                {cancel.label}
              </Button>
            )}
            {actions}
            {finish && (
              <Button onClick={onClose} data-testid={finish.testId}>
                {finish.label}
              </Button>
            )}
          </>
        }
      />
    </Modal>
  );
}
