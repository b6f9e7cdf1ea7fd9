import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/api/auth/getSession';
import { useLogout } from '@/api/auth/logout';
import { initials } from '@/lib/initials';

export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const user = session.data?.user;
  if (!user) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <VisuallyHidden>{t('shell.userMenu')}</VisuallyHidden>
            <Avatar color="arbor" variant="filled" radius="xl" size={32} aria-hidden>
              {initials(user.firstName, user.lastName)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {user.firstName} {user.lastName}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.firstName} {user.lastName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/user" leftSection={<IconUserCircle size={16} />} data-testid="menu-profile">
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          data-testid="menu-logout"
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
