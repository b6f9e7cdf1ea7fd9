import { NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconChartDonut3,
  IconClipboardList,
  IconHelpCircle,
  IconHome,
  IconLayoutList,
  IconLifebuoy,
  IconMap2,
  IconTrees,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/api/auth/getSession';
import { isPlatformSupport } from '@/api/organisations/organisation';

interface Item {
  to: string;
  label: string;
  icon: typeof IconHome;
  children?: { to: string; label: string; icon: typeof IconHome }[];
}

/** A page of the navigation (not a section with pages under it). */
function PageLink({ item, active }: { item: Omit<Item, 'children'>; active: boolean }) {
  return (
    <NavLink
      className="arbor-navlink"
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<item.icon size={18} stroke={1.7} />}
      active={active}
      variant="light"
    />
  );
}

export function MainNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  // Projects and jobs each have an overview, a dashboard and a data page.
  const areaPages = (base: string) => [
    { to: base, label: t('nav.overview'), icon: IconLayoutList },
    { to: `${base}/dashboard`, label: t('nav.dashboard'), icon: IconChartDonut3 },
    { to: `${base}/data`, label: t('nav.data'), icon: IconMap2 },
  ];
  const items: Item[] = [
    { to: '/', label: t('nav.home'), icon: IconHome },
    {
      to: '/projects',
      label: t('nav.projects'),
      icon: IconTrees,
      children: areaPages('/projects'),
    },
    {
      to: '/jobs',
      label: t('nav.jobs'),
      icon: IconClipboardList,
      children: areaPages('/jobs'),
    },
    { to: '/organisations', label: t('nav.organisations'), icon: IconBuildingCommunity },
  ];
  // Platform support's overview: only super managers see it (the API refuses everyone else).
  if (isPlatformSupport(session.data?.user))
    items.push({ to: '/support', label: t('nav.support'), icon: IconLifebuoy });
  const inSection = (to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(to + '/'));

  return (
    <Stack justify="space-between" h="100%" gap={0}>
      <ScrollArea style={{ flex: 1 }} type="scroll">
        <Stack gap={2} mt={4} component="nav" aria-label="Main">
          {items.map((item) =>
            item.children ? (
              <NavLink
                key={item.to}
                className="arbor-navlink"
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.7} />}
                active={inSection(item.to)}
                variant="subtle"
                defaultOpened={inSection(item.to)}
                childrenOffset={22}
              >
                {item.children.map((c) => (
                  <NavLink
                    key={c.to}
                    className="arbor-navlink"
                    component={Link}
                    to={c.to}
                    label={c.label}
                    leftSection={<c.icon size={16} stroke={1.7} />}
                    active={pathname === c.to}
                    variant="light"
                  />
                ))}
              </NavLink>
            ) : (
              <PageLink key={item.to} item={item} active={inSection(item.to)} />
            ),
          )}
        </Stack>
      </ScrollArea>
      <Stack gap={2} pt="sm" style={{ borderTop: '1px solid var(--arbor-border)' }}>
        <PageLink item={{ to: '/help', label: t('nav.help'), icon: IconHelpCircle }} active={inSection('/help')} />
      </Stack>
    </Stack>
  );
}
