import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetNotices } from '@/lib/notify';
import { setLanguage } from '@/i18n';
import { useSession } from '@/api/auth/getSession';
import { usePageTitle } from './usePageTitle';

/** The root of every route: resets the notification bar on route change, keeps title and language in sync. */
export function Root() {
  const location = useLocation();
  const { t } = useTranslation();
  const title = usePageTitle();
  const session = useSession();
  const userId = session.data?.user.id;
  const userLanguage = session.data?.user.language;

  useEffect(() => {
    resetNotices();
  }, [location.pathname]);

  useLayoutEffect(() => {
    document.title = title ? `${t(title)} · Arbor` : 'Arbor';
  }, [title, t]);

  useEffect(() => {
    if (userLanguage) setLanguage(userLanguage);
  }, [userId, userLanguage]);

  return (
    <>
      {/* A new page starts at its top (a dashboard scrolled down opened the data view 340 px
          down), even one seen before scrolled down; going back returns to where one was. A page
          that writes its own query (the open tree, the data view's filter) keeps its scroll:
          those navigations say preventScrollReset. */}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
