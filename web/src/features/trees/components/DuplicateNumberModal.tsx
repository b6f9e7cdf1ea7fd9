import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface DuplicateNumberModalProps {
  /** The number that is taken; null closes the modal. */
  taken: number | null;
  /** The next free number the server offered. */
  next: number;
  onTake: (next: number) => void;
  onCancel: () => void;
}

/** docs/PRODUCT.md §5: a duplicate number in a unique-number project offers the next free one. */
export function DuplicateNumberModal({ taken, next, onTake, onCancel }: DuplicateNumberModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={taken !== null}
      onClose={onCancel}
      title={t('trees.duplicate.title')}
      centered
      data-testid="duplicate-number-modal"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="orange" size={36} radius="xl">
            <IconHash size={20} />
          </ThemeIcon>
          <Text size="sm">{t('trees.duplicate.text', { number: taken ?? '', next })}</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="duplicate-number-cancel">
            {t('trees.duplicate.cancel')}
          </Button>
          <Button onClick={() => onTake(next)} data-testid="duplicate-number-take" data-autofocus>
            {t('trees.duplicate.take', { next })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
