import { useState } from 'react';
import {
  Anchor,
  Card,
  Code,
  CopyButton,
  Button,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@/components/CardHeading';
import { PageHeader } from '@/components/PageHeader';
import { useProjects } from '@/api/projects/getProjects';

/** How to add a project's GIS web service (OGC API Features) and its vector tiles in QGIS and ArcGIS Pro. */
export default function GisServicePage() {
  const { t } = useTranslation();
  const projects = useProjects();
  const [project, setProject] = useState<string | null>(null);
  const id = project ?? projects.data?.[0]?.id ?? '{project}';
  const origin = window.location.origin;
  const service = `${origin}/api/features/${id}`;
  const tiles = `${origin}/api/tiles/${id}/trees/{z}/{x}/{y}.mvt?key=…`;
  const steps = (part: 'qgis' | 'arcgis' | 'tiles', n: number) =>
    Array.from({ length: n }, (_, i) => <List.Item key={i}>{t(`helpGis.${part}.step${i + 1}`)}</List.Item>);

  return (
    <>
      <PageHeader title={t('helpGis.title')} description={t('helpGis.intro')} />
      <Stack gap="xl" data-testid="help-gis">
        <Card padding="xl">
          <Stack gap="md">
            <CardHeading title={t('helpGis.addressTitle')} text={t('helpGis.addressText')} size="lg" gap="md" />
            {(projects.data?.length ?? 0) > 0 && (
              <Select
                label={t('helpGis.project')}
                data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                value={id}
                onChange={setProject}
                allowDeselect={false}
                maw={420}
                data-testid="help-gis-project"
              />
            )}
            <Group gap="sm" wrap="nowrap" align="center">
              <Code
                block
                style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
                data-testid="help-gis-url"
              >
                {service}
              </Code>
              <CopyButton value={service}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? t('helpGis.copied') : t('helpGis.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              {t('helpGis.keyText')}{' '}
              <Anchor href={`${service}?f=html`} target="_blank" rel="noreferrer">
                {t('helpGis.browse')}
              </Anchor>
            </Text>
          </Stack>
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Card padding="xl" data-testid="help-gis-qgis">
            <Title order={3} fz="lg" mb="md">
              QGIS
            </Title>
            <List type="ordered" spacing="xs" size="sm">
              {steps('qgis', 5)}
            </List>
          </Card>
          <Card padding="xl" data-testid="help-gis-arcgis">
            <Title order={3} fz="lg" mb="md">
              ArcGIS Pro
            </Title>
            <List type="ordered" spacing="xs" size="sm">
              {steps('arcgis', 4)}
            </List>
          </Card>
        </SimpleGrid>
        <Card padding="xl" data-testid="help-gis-tiles">
          <Title order={3} fz="lg" mb="md">
            {t('helpGis.tiles.title')}
          </Title>
          <List type="ordered" spacing="xs" size="sm" mb="md">
            {steps('tiles', 2)}
          </List>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {tiles}
          </Code>
        </Card>
        <Card padding="xl">
          <CardHeading title={t('helpGis.filterTitle')} text={t('helpGis.filterText')} size="lg" gap="md" mb="sm" />
          <Code
            block
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >{`${service}/collections/trees/items?filter=vitality >= 2 AND top_form LIKE 'Kopf%'\n${service}/collections/trees/items?crs=http://www.opengis.net/def/crs/EPSG/0/25832&bbox=9.42,54.77,9.45,54.79`}</Code>
          <Text size="sm" c="dimmed" mt="sm" data-testid="help-gis-pushdown">
            {t('helpGis.pushdownText')}
          </Text>
          <Code block mt="xs" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {`ogrinfo "OAPIF:${service}?key=…" trees -where "vitality >= 2"`}
          </Code>
        </Card>
        <Card padding="xl" data-testid="help-gis-basemaps">
          <CardHeading title={t('helpGis.basemapsTitle')} text={t('helpGis.basemapsText')} size="lg" gap="md" />
        </Card>
      </Stack>
    </>
  );
}
