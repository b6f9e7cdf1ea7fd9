import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileCode, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportGaeb, fileName, saveBlob, type ExportFilter } from '@/api/exports/exports';
import { ApiError } from '@/lib/api';

/** What a tender is made of: a view or selection of the data view, or a job. */
export type GaebSource =
  | { kind: 'selection'; filter: ExportFilter; count: number }
  | { kind: 'view'; filter: ExportFilter; count: number }
  | { kind: 'job'; job: string; name: string };

/**
 * The GAEB export modal (docs/PRODUCT.md §2): the open works of a selection, a view or a job as a
 * bill of quantities in GAEB DA XML 3.3 (X83) that tendering software reads.
 */
export function GaebExportModal({
  projectId,
  projectName,
  source,
  opened,
  onClose,
}: {
  projectId: string;
  projectName: string;
  source: GaebSource;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const scope =
    source.kind === 'job'
      ? t('exports.gaeb.scopeJob', { name: source.name })
      : source.kind === 'selection'
        ? t('exports.gaeb.scopeSelection', { count: source.count })
        : t('exports.gaeb.scopeView', { count: source.count });
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const blob = await exportGaeb(projectId, source.kind === 'job' ? { job: source.job } : { filter: source.filter });
      saveBlob(blob, fileName(`${t('exports.gaeb.file')} ${source.kind === 'job' ? source.name : projectName}`, 'x83'));
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('exports.gaeb.title')} size="lg" data-testid="gaeb-modal">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconFileCode size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600} data-testid="gaeb-scope">
              {scope}
            </Text>
            <Text size="sm" c="dimmed">
              {t('exports.gaeb.intro')}
            </Text>
          </Stack>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>{t('exports.gaeb.positions')}</List.Item>
          <List.Item>{t('exports.gaeb.quantities')}</List.Item>
          <List.Item>{t('exports.gaeb.texts')}</List.Item>
        </List>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />}>
          {t('exports.gaeb.note')}
        </Alert>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="modal-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconFileCode size={16} />}
            loading={busy}
            onClick={() => void run()}
            data-testid="gaeb-download"
          >
            {t('exports.gaeb.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
