import { useEffect, type ReactNode } from 'react';
import { AppShell, Box, Breadcrumbs, Burger, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '@/lib/routeHandle';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';
import { LanguageMenu } from './LanguageMenu';
import { ColorSchemeMenu } from './ColorSchemeMenu';
import { UserMenu } from './UserMenu';
import { MainNav } from './MainNav';
import { NotificationBar } from './NotificationBar';
import { FooterLinks } from './FooterLinks';
import { useCrumbs, usePageTitle } from './usePageTitle';
import { JobSessionBar } from '@/features/jobs/components/JobSessionBar';

const HEADER = 64;
const NAVBAR = 248;

function Headline() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const crumbs = useCrumbs();
  return (
    <Stack gap={0} visibleFrom="sm" style={{ minWidth: 0 }}>
      <Breadcrumbs separator="›" separatorMargin={6} fz="xs" data-testid="breadcrumbs">
        <Text component={Link} to="/" fz="xs" c="dimmed">
          {t('shell.breadcrumbHome')}
        </Text>
        {crumbs.map((c) => (
          <Text key={c.to} component={Link} to={c.to} fz="xs" c="dimmed" maw={220} truncate>
            {c.label ?? t(c.key)}
          </Text>
        ))}
      </Breadcrumbs>
      <Title
        order={1}
        fz={17}
        fw={650}
        lh={1.35}
        style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        data-testid="headline"
      >
        {title ? t(title) : 'Arbor'}
      </Title>
    </Stack>
  );
}

/** The layout for logged-in users: header, navigation, notification bar, content and footer. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    close();
  }, [location.pathname, close]);
  // Map and data views use the whole width: a column would box the map in.
  const wide = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.wide);

  return (
    <AppShell
      header={{ height: HEADER }}
      navbar={{ width: NAVBAR, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggleNavigation')} />
            <Box w={NAVBAR - 32} visibleFrom="sm">
              <Logo />
            </Box>
            <Box hiddenFrom="sm">
              <Logo />
            </Box>
            <Headline />
          </Group>
          <Group gap={8} wrap="nowrap">
            <LanguageMenu compact />
            <ColorSchemeMenu />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <MainNav />
      </AppShell.Navbar>
      <AppShell.Main>
        <Container
          size="lg"
          fluid={wide}
          data-wide={wide || undefined}
          px={{ base: 'md', sm: 'xl' }}
          style={{ display: 'flex', flexDirection: 'column', minHeight: `calc(100dvh - ${HEADER}px)` }}
        >
          <Stack gap="lg" pt="lg" style={{ flex: 1 }}>
            <JobSessionBar />
            <NotificationBar stickyTop={HEADER + 12} />
            {/* AppShell.Main is the page's one main landmark; this is the skip link's target. */}
            <Box id="content">{children ?? <Outlet />}</Box>
          </Stack>
          <Box mt="xl" style={{ borderTop: '1px solid var(--arbor-border)' }}>
            <FooterLinks />
          </Box>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
