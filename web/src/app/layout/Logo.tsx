import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconTrees } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Logo({ size = 'md', to = '/' }: { size?: 'md' | 'lg'; to?: string }) {
  const icon = size === 'lg' ? 40 : 32;
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit', display: 'inline-flex' }} aria-label="Arbor">
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={icon} radius="md" variant="gradient" gradient={{ from: 'arbor.5', to: 'arbor.8', deg: 135 }}>
          <IconTrees size={icon * 0.62} stroke={1.8} />
        </ThemeIcon>
        <Text fw={700} fz={size === 'lg' ? 24 : 19} lts={-0.4}>
          Arbor
        </Text>
      </Group>
    </Link>
  );
}
