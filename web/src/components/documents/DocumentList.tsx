import { useState } from 'react';
import { ActionIcon, Anchor, Group, Menu, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDotsVertical, IconDownload, IconFileText, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/ListStates';
import { fileURL, formatBytes, type FileOwner, type StoredFile } from '@/api/documents/documents';
import { fileIcon } from './fileIcons';
import { DeleteFileModal, EditFileModal } from './FileModals';

/** A list of documents: type icon, name, size, who and when; download, rename and delete. */
export function DocumentList({
  owner,
  files,
  loading,
  mayEdit,
  emptyTitle,
  emptyText,
}: {
  owner: FileOwner;
  files: StoredFile[] | undefined;
  loading: boolean;
  mayEdit: boolean;
  emptyTitle: string;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  if (loading) {
    return (
      <Stack gap="xs">
        <Skeleton h={56} radius="md" />
        <Skeleton h={56} radius="md" />
      </Stack>
    );
  }
  if (!files || files.length === 0) {
    return <EmptyCard icon={IconFileText} title={emptyTitle} text={emptyText} testId="documents-empty" />;
  }
  const when = (at: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <Stack gap="xs" data-testid="document-list">
      {files.map((f) => {
        const { Icon, color } = fileIcon(f);
        return (
          <Paper key={f.id} withBorder radius="md" p="sm" data-testid="document-row" data-name={f.name}>
            <Group wrap="nowrap" gap="sm" align="center">
              <ThemeIcon variant="light" color={color} size={38} radius="md">
                <Icon size={22} stroke={1.5} />
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Anchor
                  href={fileURL(owner, f, 'download')}
                  download={f.name}
                  fw={600}
                  size="sm"
                  truncate
                  c="var(--mantine-color-text)"
                  data-testid="document-download"
                  title={f.name}
                >
                  {f.name}
                </Anchor>
                {f.caption && (
                  <Text size="xs" truncate title={f.caption}>
                    {f.caption}
                  </Text>
                )}
                <Text size="xs" c="dimmed" truncate>
                  {[formatBytes(f.size, i18n.language), f.alias || f.username, when(f.created_at)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('documents.actions', { name: f.name })}
                    data-testid="document-menu"
                  >
                    <IconDotsVertical size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    component="a"
                    href={fileURL(owner, f, 'download')}
                    download={f.name}
                    leftSection={<IconDownload size={16} />}
                  >
                    {t('documents.download')}
                  </Menu.Item>
                  {mayEdit && (
                    <>
                      <Menu.Item
                        leftSection={<IconPencil size={16} />}
                        onClick={() => setEditing(f)}
                        data-testid="document-rename"
                      >
                        {t('documents.rename')}
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => setDeleting(f)}
                        data-testid="document-delete"
                      >
                        {t('documents.delete.action')}
                      </Menu.Item>
                    </>
                  )}
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Paper>
        );
      })}
      <EditFileModal owner={owner} file={editing} onClose={() => setEditing(null)} />
      <DeleteFileModal owner={owner} file={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
