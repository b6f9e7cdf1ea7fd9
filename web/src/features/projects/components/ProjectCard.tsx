import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity, IconChevronRight, IconTrees } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Project } from '../api/types';
import { ProjectRoleBadge } from './ProjectBadges';

/** A project as a card: name, organisation and my role; opens the project. */
export function ProjectCard({ project: p }: { project: Project }) {
  return (
    <Card
      component={Link}
      to={`/projects/${p.id}`}
      padding="md"
      className="arbor-link-card"
      data-testid="project-card"
      aria-label={p.name}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color={p.terminated ? 'gray' : 'arbor'} size={38} radius="md">
            <IconTrees size={20} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={650} truncate>
              {p.name}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconBuildingCommunity size={13} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed" truncate>
                {p.organisationName}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <ProjectRoleBadge role={p.role} size="xs" />
          <IconChevronRight size={16} color="var(--mantine-color-dimmed)" />
        </Stack>
      </Group>
    </Card>
  );
}
