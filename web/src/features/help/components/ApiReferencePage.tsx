import { Alert, Anchor, Badge, Card, Code, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconLockOpen } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { OPENAPI_URL, useOpenApi } from '../api/getOpenApi';
import { groupOperations, METHOD_COLORS, type ApiOperation } from '../openapi';

function OperationRow({ op }: { op: ApiOperation }) {
  const { t } = useTranslation();
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      py="xs"
      className="arbor-api-row"
      data-testid="api-operation"
      data-method={op.method}
      data-path={op.path}
    >
      <Badge color={METHOD_COLORS[op.method] ?? 'gray'} variant="light" w={72} radius="sm" style={{ flexShrink: 0 }}>
        {op.method}
      </Badge>
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text ff="monospace" fz="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {op.path}
          </Text>
          {op.public && (
            <Badge
              size="xs"
              variant="outline"
              color="teal"
              leftSection={<IconLockOpen size={11} />}
              data-testid="api-public"
            >
              {t('apiReference.public')}
            </Badge>
          )}
        </Group>
        {op.summary && (
          <Text size="sm" c="dimmed">
            {op.summary}
          </Text>
        )}
        {op.pathParams.length > 0 && (
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('apiReference.pathParams')}
            </Text>
            {op.pathParams.map((p) => (
              <Code key={p.name} fz="xs">
                {p.name}
                {p.schema?.format ? `: ${p.schema.format}` : p.schema?.type ? `: ${p.schema.type}` : ''}
              </Code>
            ))}
          </Group>
        )}
      </Stack>
    </Group>
  );
}

export default function ApiReferencePage() {
  const { t } = useTranslation();
  const doc = useOpenApi();
  const groups = useMemo(() => groupOperations(doc.data), [doc.data]);
  const raw = (
    <Anchor href={OPENAPI_URL} target="_blank" rel="noreferrer" fw={600} data-testid="api-raw-link">
      <IconExternalLink size={15} style={{ verticalAlign: -2, marginRight: 4 }} />
      {OPENAPI_URL}
    </Anchor>
  );
  return (
    <>
      <PageHeader title={t('titles.apiReference')} description={t('apiReference.subheading')} />
      <Card padding="xl" mb="lg" data-testid="api-intro">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('apiReference.introTitle')}
          </Title>
          <List size="sm" spacing={6}>
            <List.Item>{t('apiReference.introJson')}</List.Item>
            <List.Item>
              <Trans i18nKey="apiReference.introErrors" components={{ code: <Code /> }} />
            </List.Item>
            <List.Item>
              <Trans i18nKey="apiReference.introCookie" components={{ code: <Code /> }} />
            </List.Item>
            <List.Item>
              <Trans i18nKey="apiReference.introBearer" components={{ code: <Code /> }} />
            </List.Item>
          </List>
          <Text size="sm">
            {t('apiReference.raw')} {raw}
          </Text>
        </Stack>
      </Card>
      {doc.isPending ? (
        <Stack gap="md" data-testid="loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={160} radius="lg" />
          ))}
        </Stack>
      ) : doc.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="api-error">
          {t('apiReference.loadError')}
        </Alert>
      ) : (
        <Stack gap="md" data-testid="api-groups">
          {groups.map((g) => (
            <Card key={g.name} padding="lg" data-testid="api-group" data-group={g.name}>
              <Group justify="space-between" mb="xs">
                <Title order={3} fz="md" ff="monospace">
                  {g.name}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('apiReference.calls', { count: g.operations.length })}
                </Text>
              </Group>
              <Stack gap={0}>
                {g.operations.map((op) => (
                  <OperationRow key={`${op.method} ${op.path}`} op={op} />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
