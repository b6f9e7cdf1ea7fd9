import type { ReactNode } from 'react';
import { Box, Center, Container, Group, Stack } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { Logo } from './Logo';
import { LanguageMenu } from './LanguageMenu';
import { ColorSchemeMenu } from './ColorSchemeMenu';
import { NotificationBar } from './NotificationBar';
import { FooterLinks } from './FooterLinks';

const NARROW = ['/login', '/register', '/reset', '/reset-password', '/confirm'];

/** The layout for guests: a centred card with the brand, language and theme switch, and footer links. */
export function GuestLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const width = NARROW.includes(pathname) ? (pathname === '/register' ? 500 : 440) : 720;
  return (
    <div className="arbor-guest">
      <Group justify="flex-end" gap={8} px="lg" py="md">
        <LanguageMenu />
        <ColorSchemeMenu />
      </Group>
      <Center style={{ flex: 1 }} px="md" pb="xl">
        <Stack w="100%" maw={width} gap="lg">
          <Center>
            <Logo size="lg" to={'/'} />
          </Center>
          <NotificationBar />
          <Box component="main" id="content">
            {children ?? <Outlet />}
          </Box>
        </Stack>
      </Center>
      <Container size="md" w="100%">
        <FooterLinks justify="center" />
      </Container>
    </div>
  );
}
