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

/** The parts of the guide (helpGuide.<part>), in the order one meets them. */
const GUIDE = [
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
] as const;

/** The rules the app follows (help.rule<Rule>). */
const RULES = ['Safety', 'Intervals', 'Classes', 'History'] as const;

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

/**
 * A card of the help page: its sign, what it is about (the texts <topic>Title and <topic>Text),
 * then what it offers; a link (<topic>Link) to a page of the help at the foot.
 */
function HelpCard({
  icon: Icon,
  topic,
  link,
  children,
}: {
  icon: typeof IconBook2;
  topic: string;
  link?: { to: string; testId: string };
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card padding="xl">
      <Stack gap="md" h="100%">
        <ThemeIcon size={44} radius="md" variant="light" color="arbor">
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
        <CardHeading title={t(`${topic}Title`)} text={t(`${topic}Text`)} size="lg" gap={6} style={{ flex: 1 }} />
        {link ? (
          <Group gap="sm" mt="auto">
            <Button component={Link} to={link.to} variant="light" data-testid={link.testId}>
              {t(`${topic}Link`)}
            </Button>
            {children}
          </Group>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}

/** A section of the help below the cards: a card with a heading; topics stand in two columns. */
function HelpSection({
  title,
  id,
  testId,
  topics,
  children,
}: {
  title: string;
  id?: string;
  testId: string;
  topics?: { key: string; title: string; text: string }[];
  children?: React.ReactNode;
}) {
  return (
    <Card padding="xl" mt="xl" id={id} data-testid={testId}>
      <Title order={3} fz="lg" mb="lg">
        {title}
      </Title>
      {topics && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {topics.map(({ key, ...topic }) => (
            <Topic key={key} {...topic} />
          ))}
        </SimpleGrid>
      )}
      {children}
    </Card>
  );
}

export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('help.heading')} description={t('help.subheading')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <HelpCard icon={IconBook2} topic="help.overview">
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
        <HelpCard icon={IconLifebuoy} topic="help.support">
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={600} data-testid="help-support">
            <IconMail size={16} style={{ verticalAlign: -3, marginRight: 6 }} />
            {SUPPORT_EMAIL}
          </Anchor>
        </HelpCard>
        <HelpCard icon={IconApi} topic="help.api" link={{ to: '/help/api', testId: 'help-api' }}>
          <Anchor href="/api/openapi.json" target="_blank" rel="noreferrer" size="sm" data-testid="help-api-raw">
            {t('help.apiRaw')}
          </Anchor>
        </HelpCard>
        <HelpCard icon={IconMap2} topic="helpGis.card" link={{ to: '/help/gis', testId: 'help-gis-link' }} />
      </SimpleGrid>
      <HelpSection title={t('help.conceptsTitle')} id="overview" testId="help-concepts">
        <Timeline bulletSize={32} lineWidth={2} color="arbor" active={2}>
          {CONCEPTS.map(({ icon: Icon, title, text }) => (
            <Timeline.Item key={text} bullet={<Icon size={16} />} title={t(title)}>
              <Text size="sm" c="dimmed">
                {t(text)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </HelpSection>
      <HelpSection
        title={t('helpGuide.title')}
        testId="help-guide"
        topics={GUIDE.map((part) => ({
          key: part,
          title: t(`helpGuide.${part}.title`),
          text: t(`helpGuide.${part}.text`),
        }))}
      />
      <HelpSection
        title={t('help.rulesTitle')}
        testId="help-rules"
        topics={RULES.map((rule) => ({ key: rule, title: t(`help.rule${rule}Title`), text: t(`help.rule${rule}`) }))}
      />
    </>
  );
}
