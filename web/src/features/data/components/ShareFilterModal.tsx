import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Divider,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmailListInput } from '@/components/EmailListInput';
import { useEmailListForm } from '@/hooks/useEmailListForm';
import { useShareFilter, type SavedFilter } from '../api/filters';

/** The link of the data view that opens a saved filter. */
export function filterLink(projectId: string, filterId: string, origin = window.location.origin): string {
  return `${origin}/projects/${encodeURIComponent(projectId)}/data?filter=${encodeURIComponent(filterId)}`;
}

/** "Share filter": with project members by comma-separated e-mails, or as a link. */
export function ShareFilterModal({
  projectId,
  filter,
  opened,
  onClose,
  onShared,
}: {
  projectId: string;
  filter: SavedFilter | null;
  opened: boolean;
  onClose: () => void;
  onShared: (f: SavedFilter) => void;
}) {
  const { t } = useTranslation();
  const share = useShareFilter(projectId);
  const { form, close, submit, generalError } = useEmailListForm({
    mutation: share,
    send: (emails) => (filter ? { id: filter.id, emails } : null),
    onDone: (f) => f && onShared(f),
    onClose,
  });
  const link = filter ? filterLink(projectId, filter.id) : '';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>{t('data.share.title', { name: filter?.name ?? '' })}</Text>}
      centered
      size="lg"
    >
      <Stack gap="md" data-testid="share-filter">
        {filter && !filter.mine && (
          <Text size="sm" c="dimmed" data-testid="share-filter-not-mine">
            {t('data.share.notMine', { name: filter.owner_alias })}
          </Text>
        )}
        {filter?.mine && (
          <form onSubmit={submit} noValidate data-testid="share-filter-form">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('data.share.text')}
              </Text>
              <EmailListInput {...form.getInputProps('emails')} />
              {generalError && (
                <Alert color="red" variant="light" role="alert">
                  {generalError}
                </Alert>
              )}
              {filter && filter.shared_with.length > 0 && (
                <Text size="xs" c="dimmed" data-testid="share-filter-with">
                  {t('data.share.sharedWith', { list: filter.shared_with.join(', ') })}
                </Text>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={share.isPending} data-testid="share-filter-submit">
                  {t('data.share.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <Divider label={t('data.share.orLink')} labelPosition="center" />
        <Stack gap={6}>
          <Group gap={6} wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              readOnly
              value={link}
              leftSection={<IconLink size={14} />}
              aria-label={t('data.share.link')}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-filter-link"
            />
            <CopyButton value={link} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('data.share.copied') : t('data.share.copy')}>
                  <ActionIcon
                    variant={copied ? 'filled' : 'default'}
                    color={copied ? 'arbor' : undefined}
                    size={36}
                    onClick={copy}
                    aria-label={t('data.share.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {filter?.project_wide ? t('data.share.linkProjectWide') : t('data.share.linkHint')}
          </Text>
        </Stack>
      </Stack>
    </Modal>
  );
}
