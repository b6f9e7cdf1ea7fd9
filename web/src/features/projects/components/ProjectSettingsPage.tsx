import { Anchor, Card, Grid, NavLink, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconAsterisk,
  IconCalendarRepeat,
  IconForms,
  IconLifebuoy,
  IconListCheck,
  IconMap,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { NotFoundState } from '@/components/NotFoundState';
import { ProjectGeneralForm } from './ProjectGeneralForm';
import { useProjectContext } from '@/hooks/useProjectContext';
import { ProjectMembers } from './ProjectMembers';
import { ProjectRoleBadge } from './ProjectBadges';
import { SettingsPart, type SettingsPart as SettingsPartName } from '../settings/SettingsParts';

/** The project settings sections (docs/PRODUCT.md §2), in this order. */
export const PROJECT_SECTIONS = [
  { value: 'general', icon: IconAdjustments },
  { value: 'user', icon: IconUsers },
  { value: 'custom-fields', icon: IconForms },
  { value: 'required-fields', icon: IconAsterisk },
  { value: 'default-values', icon: IconListCheck },
  { value: 'map-settings', icon: IconMap },
  { value: 'index', icon: IconCalendarRepeat },
  { value: 'management', icon: IconTool },
] as const;

const SUPPORT = 'support@arbor.example';

function Management() {
  const { t } = useTranslation();
  return (
    <Card padding="xl" data-testid="project-management">
      <Stack gap="md" align="flex-start">
        <ThemeIcon variant="light" color="arbor" size={44} radius="md">
          <IconLifebuoy size={24} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} fz="md">
          {t('projectSettings.managementHeading')}
        </Title>
        <Text size="sm" maw={560}>
          {t('projectSettings.managementText')}
        </Text>
        <Anchor href={`mailto:${SUPPORT}`} fw={600} data-testid="support-link">
          {SUPPORT}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** Project settings: a section list beside the section's content. */
export default function ProjectSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { section } = useParams();
  const { project: p } = useProjectContext();
  const known = PROJECT_SECTIONS.find((s) => s.value === section);
  const base = `/projects/${p.id}/settings`;

  const content = (() => {
    switch (section) {
      case 'general':
        return <ProjectGeneralForm project={p} />;
      case 'user':
        return <ProjectMembers project={p} />;
      case 'management':
        return <Management />;
      default:
        if (!known) {
          return (
            <NotFoundState
              title={t('titles.notFound')}
              text={t('errors.notFoundText')}
              back={`${base}/general`}
              backLabel={t('projectSettings.backToGeneral')}
            />
          );
        }
        return <SettingsPart key={known.value} project={p} part={known.value as SettingsPartName} />;
    }
  })();

  return (
    <Stack gap="lg" data-testid="project-settings-page" data-section={section}>
      <PageHeader
        title={t('titles.projectSettings')}
        description={
          <>
            <Anchor component={Link} to={`/projects/${p.id}`} size="sm">
              {p.name}
            </Anchor>
            {' · '}
            {p.organisationName}
          </>
        }
        actions={<ProjectRoleBadge role={p.role} size="md" />}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Select
            hiddenFrom="md"
            aria-label={t('projectSettings.sectionsLabel')}
            allowDeselect={false}
            value={known?.value ?? null}
            data={PROJECT_SECTIONS.map((s) => ({ value: s.value, label: t(`projectSettings.sections.${s.value}`) }))}
            onChange={(v) => v && navigate(`${base}/${v}`)}
          />
          <Stack gap={2} component="nav" aria-label={t('projectSettings.sectionsLabel')} visibleFrom="md">
            {PROJECT_SECTIONS.map((s) => (
              <NavLink
                key={s.value}
                className="arbor-navlink"
                component={Link}
                to={`${base}/${s.value}`}
                label={t(`projectSettings.sections.${s.value}`)}
                leftSection={<s.icon size={17} stroke={1.7} />}
                active={section === s.value}
                aria-current={section === s.value ? 'page' : undefined}
                variant="light"
                data-testid={`section-${s.value}`}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{content}</Grid.Col>
      </Grid>
    </Stack>
  );
}
