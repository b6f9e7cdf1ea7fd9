import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity, IconChevronRight, IconTrees } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Project } from '@/api/projects/types';
import { ProjectRoleBadge } from './ProjectBadges';

/**
 * A project as a card: name, organisation and my role; opens the project. The role sits on a line
 * of its own, so the organisation's name gets the card's width (a badge beside it cut
 * "Stadtgrün mbH" to "Stadtgrün mw…" in German).
 */
export function ProjectCard({ project: p }: { project: Project }) {
  return (
    <Card component={Link} to={`/projects/${p.id}`} padding="md" className="arbor-link-card" data-testid="project-card">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon variant="light" color={p.terminated ? 'gray' : 'arbor'} size={38} radius="md">
          <IconTrees size={20} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={650} truncate title={p.name}>
            {p.name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconBuildingCommunity size={13} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text size="xs" c="dimmed" truncate title={p.organisationName}>
              {p.organisationName}
            </Text>
          </Group>
          <Group gap={0}>
            <ProjectRoleBadge role={p.role} size="xs" />
          </Group>
        </Stack>
        <IconChevronRight
          size={16}
          color="var(--mantine-color-dimmed)"
          style={{ flexShrink: 0, alignSelf: 'center' }}
        />
      </Group>
    </Card>
  );
}
