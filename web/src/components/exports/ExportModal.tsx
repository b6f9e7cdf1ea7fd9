import { useState, type ReactNode } from 'react';
import { Alert, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileName, saveBlob } from '@/api/exports/exports';
import { ApiError } from '@/lib/api';
import { ModalActions } from '@/components/ModalActions';

export interface ExportModalProps {
  /** Names the modal's test ids: `<kind>-modal`, `<kind>-scope`, `<kind>-download`. */
  kind: string;
  title: string;
  icon: typeof IconInfoCircle;
  iconColor?: string;
  /** What will be exported, and a sentence on what the file is for. */
  scope: string;
  intro: string;
  /** What the file holds, a line each, and a note on it. */
  contents: string[];
  note: string;
  download: string;
  /** Makes the file: its bytes, and its name and extension; null where it is made later (queued). */
  make: () => Promise<Blob | null>;
  file: { name: string; extension: string };
  opened: boolean;
  onClose: () => void;
  /** Choices of the file (format, reference system …), between the scope and the contents. */
  children?: ReactNode;
}

/** A modal that tells what an export holds and downloads it; a failure is shown in it. */
export function ExportModal({
  kind,
  title,
  icon: Icon,
  iconColor,
  scope,
  intro,
  contents,
  note,
  download,
  make,
  file,
  opened,
  onClose,
  children,
}: ExportModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const blob = await make();
      if (blob) saveBlob(blob, fileName(file.name, file.extension));
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" data-testid={`${kind}-modal`}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" color={iconColor}>
            <Icon size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600} data-testid={`${kind}-scope`}>
              {scope}
            </Text>
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          </Stack>
        </Group>
        {children}
        <List size="sm" spacing={4}>
          {contents.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />}>
          {note}
        </Alert>
        <ModalActions
          error={error}
          onCancel={close}
          loading={busy}
          submit={download}
          submitTestId={`${kind}-download`}
          onSubmit={() => void run()}
          icon={<Icon size={16} />}
        />
      </Stack>
    </Modal>
  );
}
