import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Root } from './layout/Root';
import { ErrorPage } from './layout/ErrorPage';
import { DefaultLayout } from './layout/DefaultLayout';
import { GuestLayout } from './layout/GuestLayout';
import { AdaptiveLayout } from './layout/AdaptiveLayout';
import NotFoundPage from './layout/NotFoundPage';
import { DevGuard, GuestGuard, UserGuard } from './layout/Guards';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A page that shows trees: the route fills the slots in which one feature shows another's views. */
const treePage = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const [{ default: Page }, { FeatureSlots }] = await Promise.all([load(), import('./routes/FeatureSlots')]);
  return {
    Component: () => (
      <FeatureSlots>
        <Page />
      </FeatureSlots>
    ),
  };
};

const userRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: 'titles.dashboard' },
    lazy: page(() => import('./routes/HomePage')),
  },
  {
    path: 'projects',
    handle: { crumb: 'nav.projects', title: 'titles.projects' },
    children: [
      { index: true, lazy: page(() => import('@/features/projects/components/ProjectsPage')) },
      {
        path: 'dashboard',
        handle: { crumb: 'nav.dashboard', title: 'titles.projectsDashboard' },
        lazy: page(() => import('./routes/ProjectsDashboardPage')),
      },
      {
        path: 'data',
        handle: { crumb: 'nav.data', title: 'titles.projectsData' },
        lazy: page(() => import('./routes/ProjectsDataPage')),
      },
      {
        path: ':projectId',
        handle: { crumb: 'titles.project', title: 'titles.project', named: true },
        lazy: page(() => import('@/features/projects/components/ProjectLayout')),
        children: [
          { index: true, lazy: page(() => import('@/features/projects/components/ProjectPage')) },
          {
            path: 'map',
            handle: { crumb: 'map.title', title: 'map.title', wide: true },
            lazy: treePage(() => import('./routes/MapPage')),
          },
          {
            path: 'dashboard',
            handle: { crumb: 'nav.dashboard', title: 'titles.dashboard' },
            lazy: page(() => import('@/features/dashboard/components/ProjectDashboardPage')),
          },
          {
            path: 'data',
            handle: { crumb: 'data.title', title: 'data.title', wide: true },
            lazy: treePage(() => import('./routes/DataPage')),
          },
          {
            path: 'settings',
            handle: { crumb: 'titles.projectSettings', title: 'titles.projectSettings' },
            children: [
              { index: true, element: <Navigate to="general" replace /> },
              {
                path: ':section',
                lazy: page(() => import('@/features/projects/components/ProjectSettingsPage')),
              },
            ],
          },
        ],
      },
    ],
  },
  {
    path: 'jobs',
    handle: { crumb: 'nav.jobs', title: 'titles.jobs' },
    children: [
      { index: true, lazy: page(() => import('@/features/jobs/components/JobsPage')) },
      {
        path: 'dashboard',
        handle: { crumb: 'nav.dashboard', title: 'titles.jobsDashboard' },
        lazy: page(() => import('./routes/JobsDashboardPage')),
      },
      {
        path: 'data',
        handle: { crumb: 'nav.data', title: 'titles.jobsData' },
        lazy: page(() => import('@/features/jobs/components/JobsDataPage')),
      },
      {
        path: ':jobId',
        handle: { crumb: 'jobs.single', title: 'jobs.single', named: true },
        lazy: treePage(() => import('./routes/JobPage')),
      },
    ],
  },
  {
    path: 'organisations',
    handle: { crumb: 'nav.organisations', title: 'titles.organisations' },
    children: [
      { index: true, lazy: page(() => import('@/features/organisations/components/OrganisationsPage')) },
      {
        path: ':organisationId',
        handle: { crumb: 'titles.organisation', title: 'titles.organisation', named: true },
        lazy: page(() => import('@/features/organisations/components/OrganisationLayout')),
        children: [
          { index: true, element: <Navigate to="organisation" replace /> },
          {
            path: ':section',
            lazy: page(() => import('./routes/OrganisationSectionPage')),
          },
        ],
      },
    ],
  },
  {
    path: 'support',
    handle: { crumb: 'nav.support', title: 'titles.support' },
    lazy: page(() => import('@/features/support/components/SupportPage')),
  },
  {
    path: 'help',
    handle: { crumb: 'nav.help', title: 'titles.help' },
    children: [
      { index: true, lazy: page(() => import('@/features/help/components/HelpPage')) },
      {
        path: 'api',
        handle: { crumb: 'titles.apiReference', title: 'titles.apiReference' },
        lazy: page(() => import('@/features/help/components/ApiReferencePage')),
      },
      {
        path: 'gis',
        handle: { crumb: 'helpGis.title', title: 'helpGis.title' },
        lazy: page(() => import('@/features/help/components/GisServicePage')),
      },
    ],
  },
  {
    path: 'user',
    handle: { crumb: 'nav.profile', title: 'titles.user' },
    lazy: page(() => import('@/features/user/components/ProfilePage')),
  },
  {
    path: 'invitations',
    handle: { crumb: 'titles.invitations', title: 'titles.invitations' },
    lazy: page(() => import('@/features/user/components/InvitationsPage')),
  },
];

const guestRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: { title: 'titles.login' },
    lazy: page(() => import('@/features/auth/components/LoginPage')),
  },
  {
    path: 'register',
    handle: { title: 'titles.register' },
    lazy: page(() => import('@/features/auth/components/RegisterPage')),
  },
  {
    path: 'reset',
    handle: { title: 'titles.reset' },
    lazy: page(() => import('@/features/auth/components/ResetPage')),
  },
  {
    path: 'reset-password',
    handle: { title: 'titles.resetPassword' },
    lazy: page(() => import('@/features/auth/components/ResetPasswordPage')),
  },
];

const openRoutes: RouteObject[] = [
  {
    path: 'confirm',
    handle: { title: 'titles.confirm' },
    lazy: page(() => import('@/features/auth/components/ConfirmPage')),
  },
  {
    path: 'imprint',
    handle: { title: 'titles.imprint', crumb: 'nav.imprint' },
    lazy: page(() => import('@/features/legal/components/ImprintPage')),
  },
  {
    path: 'privacy',
    handle: { title: 'titles.privacy', crumb: 'nav.privacy' },
    lazy: page(() => import('@/features/legal/components/PrivacyPage')),
  },
  {
    path: 'terms',
    handle: { title: 'titles.terms', crumb: 'nav.terms' },
    lazy: page(() => import('@/features/legal/components/TermsPage')),
  },
  {
    path: '*',
    handle: { title: 'titles.notFound' },
    element: <NotFoundPage />,
  },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    // The app renders in the browser only; nothing to show while the first lazy route loads
    // (without it React Router warns on every load).
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { element: <GuestGuard />, children: [{ element: <GuestLayout />, children: guestRoutes }] },
          { element: <UserGuard />, children: [{ element: <DefaultLayout />, children: userRoutes }] },
          {
            element: <DevGuard />,
            children: [
              {
                element: <DefaultLayout />,
                children: [
                  {
                    path: 'icons',
                    handle: { title: 'titles.icons', crumb: 'titles.icons' },
                    lazy: page(() => import('@/features/dev/components/IconsPage')),
                  },
                ],
              },
            ],
          },
          { element: <AdaptiveLayout />, children: openRoutes },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
