import {
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBuildingCommunity,
  IconClipboardList,
  IconPlus,
  IconStethoscope,
  IconTrees,
  IconFolders,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth/api/getSession';
import { PageHeader } from '@/features/shell/components/PageHeader';

function Stat({ label, icon: Icon }: { label: string; icon: typeof IconTrees }) {
  return (
    <Card padding="lg" className="arbor-stat">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.1}>
            0
          </Text>
        </Stack>
        <ThemeIcon variant="light" color="arbor" size={40} radius="md">
          <Icon size={22} stroke={1.7} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  const addProject = (
    <Tooltip label={t('home.addProjectSoon')} withArrow>
      <span>
        <Button leftSection={<IconPlus size={16} />} disabled data-testid="add-project">
          {t('home.addProject')}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <Stack gap="xl">
      <PageHeader
        title={t('home.greeting', { name: user?.firstName ?? '' })}
        description={t('home.subheading')}
        actions={addProject}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Stat label={t('home.stats.projects')} icon={IconFolders} />
        <Stat label={t('home.stats.jobs')} icon={IconClipboardList} />
        <Stat label={t('home.stats.trees')} icon={IconTrees} />
        <Stat label={t('home.stats.checks')} icon={IconStethoscope} />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="xl" h="100%" data-testid="recent-projects">
            <Title order={3} fz="lg" mb="md">
              {t('home.recentProjects')}
            </Title>
            <EmptyState
              variant="light"
              color="arbor"
              icon={<IconTrees size={28} stroke={1.6} />}
              title={t('home.emptyTitle')}
              description={t('home.emptyText')}
              py="xl"
              maw={460}
              mx="auto"
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="xl" h="100%">
            <Title order={3} fz="lg" mb="md">
              {t('home.gettingStarted')}
            </Title>
            <List
              spacing="md"
              size="sm"
              icon={
                <ThemeIcon size={24} radius="xl" variant="light" color="arbor">
                  <IconBuildingCommunity size={14} />
                </ThemeIcon>
              }
            >
              <List.Item>{t('home.step1')}</List.Item>
              <List.Item
                icon={
                  <ThemeIcon size={24} radius="xl" variant="light" color="arbor">
                    <IconFolders size={14} />
                  </ThemeIcon>
                }
              >
                {t('home.step2')}
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon size={24} radius="xl" variant="light" color="arbor">
                    <IconStethoscope size={14} />
                  </ThemeIcon>
                }
              >
                {t('home.step3')}
              </List.Item>
            </List>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
