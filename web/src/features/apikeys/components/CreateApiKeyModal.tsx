import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, MultiSelect, Stack, Text, TextInput, Code } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ModalForm } from '@/components/ModalForm';
import type { Project } from '@/api/projects/types';
import { useCreateApiKey } from '../api/apiKeys';

/** "New API key": a name and the projects it opens; then the key, shown this once, to copy. */
export function CreateApiKeyModal({
  organisation,
  projects,
  opened,
  onClose,
}: {
  organisation: string;
  projects: Project[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey(organisation);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', projects: [] as string[] },
    validate: {
      name: (v) => (v.trim() ? null : t('apikeys.nameRequired')),
      projects: (v) => (v.length ? null : t('apikeys.projectsRequired')),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    setSecret(null);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    create.mutate(
      { name: values.name.trim(), projects: values.projects },
      {
        onSuccess: (answer) => setSecret(answer.secret),
        onError: (e) => {
          if (e instanceof ApiError) {
            form.setErrors({
              ...(e.fields.name ? { name: e.fields.name } : {}),
              ...(e.fields.projects ? { projects: e.fields.projects } : {}),
            });
          }
        },
      },
    );
  });
  const generalError =
    create.error instanceof ApiError && !create.error.fields.name && !create.error.fields.projects
      ? create.error.message
      : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>{secret ? t('apikeys.madeTitle') : t('apikeys.createTitle')}</Text>}
      centered
      closeOnClickOutside={!secret}
    >
      {secret ? (
        <Stack gap="md" data-testid="api-key-secret">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('apikeys.onceText')}
          </Alert>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="api-key-value">
            {secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color="arbor"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-testid="copy-api-key"
                >
                  {copied ? t('apikeys.copied') : t('apikeys.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={close} data-testid="api-key-done">
              {t('apikeys.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <ModalForm
          text={t('apikeys.createText')}
          testId="create-api-key-form"
          onCancel={close}
          submit={submit}
          generalError={generalError}
          loading={create.isPending}
          submitLabel={t('apikeys.createSubmit')}
          submitTestId="create-api-key-submit"
        >
          <TextInput
            label={t('apikeys.name')}
            placeholder={t('apikeys.namePlaceholder')}
            maxLength={100}
            data-autofocus
            {...form.getInputProps('name')}
            data-testid="api-key-name"
          />
          <MultiSelect
            label={t('apikeys.projects')}
            placeholder={form.values.projects.length ? undefined : t('apikeys.projectsPlaceholder')}
            data={projects.map((p) => ({ value: p.id, label: p.name }))}
            searchable
            clearable
            nothingFoundMessage={t('apikeys.noProject')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('projects')}
            data-testid="api-key-projects"
          />
        </ModalForm>
      )}
    </Modal>
  );
}
