import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportTreeList, exportTreePdf, fileName, saveBlob } from '@/api/exports/exports';
import { ApiError } from '@/lib/api';

/** What the PDF holds: one object's record, or a list of selected objects (1 to 100). */
export type PdfSource = { kind: 'tree'; id: string; label: string } | { kind: 'list'; ids: string[] };

/**
 * The PDF export modal (docs/PRODUCT.md §2): a tree's or group's record, or a list of 1 to 100
 * selected objects, in the person's language, each page linking back to the live record.
 */
export function PdfExportModal({
  projectId,
  source,
  opened,
  onClose,
}: {
  projectId: string;
  source: PdfSource;
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
    source.kind === 'tree'
      ? t('exports.pdf.scopeTree', { label: source.label })
      : t('exports.pdf.scopeList', { count: source.ids.length });
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const blob =
        source.kind === 'tree'
          ? await exportTreePdf(projectId, source.id)
          : await exportTreeList(projectId, source.ids);
      saveBlob(
        blob,
        fileName(
          source.kind === 'tree' ? `${t('exports.pdf.fileTree')} ${source.label}` : t('exports.pdf.fileList'),
          'pdf',
        ),
      );
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('exports.pdf.title')} size="lg" data-testid="pdf-modal">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" color="red">
            <IconFileTypePdf size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600} data-testid="pdf-scope">
              {scope}
            </Text>
            <Text size="sm" c="dimmed">
              {source.kind === 'tree' ? t('exports.pdf.introTree') : t('exports.pdf.introList')}
            </Text>
          </Stack>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>{t('exports.pdf.fields')}</List.Item>
          <List.Item>{t('exports.pdf.inspections')}</List.Item>
          <List.Item>{t('exports.pdf.map')}</List.Item>
          <List.Item>{t('exports.pdf.link')}</List.Item>
        </List>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />}>
          {t('exports.pdf.note')}
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
            leftSection={<IconFileTypePdf size={16} />}
            loading={busy}
            onClick={() => void run()}
            data-testid="pdf-download"
          >
            {t('exports.pdf.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
