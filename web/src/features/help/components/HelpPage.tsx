import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  IconApi,
  IconBook2,
  IconBuildingCommunity,
  IconClipboardList,
  IconLifebuoy,
  IconMail,
  IconMap2,
  IconTrees,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@/components/CardHeading';
import { PageHeader } from '@/components/PageHeader';

export const SUPPORT_EMAIL = 'support@arbor.example';

/** The three things the app is built of, in the order one meets them. */
const CONCEPTS = [
  { icon: IconBuildingCommunity, title: 'nav.organisations', text: 'help.conceptOrganisations' },
  { icon: IconTrees, title: 'nav.projects', text: 'help.conceptProjects' },
  { icon: IconClipboardList, title: 'nav.jobs', text: 'help.conceptJobs' },
];

/** A topic of the guide or the rules: its name in bold over a grey paragraph. */
function Topic({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

function HelpCard({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: typeof IconBook2;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Card padding="xl">
      <Stack gap="md" h="100%">
        <ThemeIcon size={44} radius="md" variant="light" color="arbor">
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
        <CardHeading title={title} text={text} size="lg" gap={6} style={{ flex: 1 }} />
        {children}
      </Stack>
    </Card>
  );
}

export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('help.heading')} description={t('help.subheading')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <HelpCard icon={IconBook2} title={t('help.overviewTitle')} text={t('help.overviewText')}>
          <Button
            component="a"
            href="#overview"
            variant="light"
            data-testid="help-overview"
            onClick={(e: React.MouseEvent) => {
              e.preventDefault();
              document.getElementById('overview')?.scrollIntoView({ behavior: 'smooth' });
            }}
          >
            {t('help.overviewLink')}
          </Button>
        </HelpCard>
        <HelpCard icon={IconLifebuoy} title={t('help.supportTitle')} text={t('help.supportText')}>
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={600} data-testid="help-support">
            <IconMail size={16} style={{ verticalAlign: -3, marginRight: 6 }} />
            {SUPPORT_EMAIL}
          </Anchor>
        </HelpCard>
        <HelpCard icon={IconApi} title={t('help.apiTitle')} text={t('help.apiText')}>
          <Group gap="sm" mt="auto">
            <Button component={Link} to="/help/api" variant="light" data-testid="help-api">
              {t('help.apiLink')}
            </Button>
            <Anchor href="/api/openapi.json" target="_blank" rel="noreferrer" size="sm" data-testid="help-api-raw">
              {t('help.apiRaw')}
            </Anchor>
          </Group>
        </HelpCard>
        <HelpCard icon={IconMap2} title={t('helpGis.cardTitle')} text={t('helpGis.cardText')}>
          <Group gap="sm" mt="auto">
            <Button component={Link} to="/help/gis" variant="light" data-testid="help-gis-link">
              {t('helpGis.cardLink')}
            </Button>
          </Group>
        </HelpCard>
      </SimpleGrid>
      <Card padding="xl" mt="xl" id="overview" data-testid="help-concepts">
        <Title order={3} fz="lg" mb="lg">
          {t('help.conceptsTitle')}
        </Title>
        <Timeline bulletSize={32} lineWidth={2} color="arbor" active={2}>
          {CONCEPTS.map(({ icon: Icon, title, text }) => (
            <Timeline.Item key={text} bullet={<Icon size={16} />} title={t(title)}>
              <Text size="sm" c="dimmed">
                {t(text)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
      <Card padding="xl" mt="xl" data-testid="help-guide">
        <Title order={3} fz="lg" mb="lg">
          {t('helpGuide.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {(
            [
              'map',
              'info',
              'files',
              'data',
              'import',
              'exports',
              'dashboards',
              'safety',
              'jobs',
              'packages',
              'backgroundMaps',
            ] as const
          ).map((part) => (
            <Topic key={part} title={t(`helpGuide.${part}.title`)} text={t(`helpGuide.${part}.text`)} />
          ))}
        </SimpleGrid>
      </Card>
      <Card padding="xl" mt="xl" data-testid="help-rules">
        <Title order={3} fz="lg" mb="lg">
          {t('help.rulesTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {(['Safety', 'Intervals', 'Classes', 'History'] as const).map((rule) => (
            <Topic key={rule} title={t(`help.rule${rule}Title`)} text={t(`help.rule${rule}`)} />
          ))}
        </SimpleGrid>
      </Card>
    </>
  );
}
