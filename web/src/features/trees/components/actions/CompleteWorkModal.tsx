import { useState } from 'react';
import { Autocomplete, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ModalActions } from '@/components/ModalActions';
import type { Action, ContentLists } from '@/api/trees/types';
import { dayToTimestamp, todayISO } from '@/lib/trees/format';
import { useCompleteAction } from '../../api/completeAction';
import { PastDayInput } from '../PastDayInput';

export interface CompleteWorkModalProps {
  projectId: string;
  treeId: string;
  /** The work to complete; null closes the modal. */
  work: Action | null;
  lists: ContentLists | undefined;
  onClose: () => void;
  onCompleted: () => void;
}

/** Completes a work: the day it was done (not in the future) and a note, offered from the work's notes. */
export function CompleteWorkModal({ work, onClose, ...props }: CompleteWorkModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={work !== null}
      onClose={onClose}
      title={t('trees.works.completeTitle')}
      centered
      data-testid="complete-modal"
    >
      {/* Keyed by the work: each opens the form afresh. */}
      {work && <CompleteWorkForm key={work.id} work={work} onClose={onClose} {...props} />}
    </Modal>
  );
}

function CompleteWorkForm({
  projectId,
  treeId,
  work,
  lists,
  onClose,
  onCompleted,
}: CompleteWorkModalProps & { work: Action }) {
  const { t } = useTranslation();
  const complete = useCompleteAction(projectId, treeId);
  const [note, setNote] = useState('');
  const [day, setDay] = useState(todayISO());
  const [error, setError] = useState<string | null>(null);
  const notes = (lists?.work_note ?? []).filter((n) => n.parent === work.work).map((n) => n.name);
  const submit = () => {
    if (day > todayISO()) return setError(t('trees.works.futureDate'));
    complete.mutate(
      { id: work.id, version: work.version, execute_note: note.trim(), execute_timestamp: dayToTimestamp(day) },
      {
        onSuccess: onCompleted,
        onError: (e) => setError(e instanceof ApiError ? e.message : t('errors.generic')),
      },
    );
  };
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" radius="xl">
          <IconTool size={16} />
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {work.action}
        </Text>
      </Group>
      <PastDayInput label={t('trees.works.executedOn')} value={day} onChange={setDay} w={200} />
      <Autocomplete
        label={t('trees.works.executeNote')}
        placeholder={t('trees.works.executeNotePlaceholder')}
        data={[...new Set(notes)]}
        value={note}
        onChange={setNote}
        maxLength={2000}
        data-testid="complete-note"
        data-autofocus
      />
      <ModalActions
        error={error}
        onCancel={onClose}
        loading={complete.isPending}
        submit={t('trees.works.complete')}
        submitTestId="complete-submit"
        onSubmit={submit}
        icon={<IconCheck size={16} />}
        color="green"
      />
    </Stack>
  );
}
