import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/api/auth/getSession';
import { consumeLoggedOut } from '@/api/auth/logout';
import { FullPageLoader } from './FullPageLoader';
import { AdaptiveLayout } from './AdaptiveLayout';
import NotFoundPage from './NotFoundPage';

/** Only for logged-in users; guests go to the login page. */
export function UserGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  if (session.isError) throw session.error;
  if (!session.data) {
    const to = consumeLoggedOut() ? '/login?logout=1' : '/login';
    return <Navigate to={to} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** Only for guests; logged-in users go to where they came from or to the start page. */
export function GuestGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  if (session.isError) throw session.error;
  if (session.data) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from.startsWith('/') ? from : '/'} replace />;
  }
  return <Outlet />;
}

/** Development-only pages (the icon overview). */
export function DevGuard() {
  if (!import.meta.env.DEV) {
    return (
      <AdaptiveLayout>
        <NotFoundPage />
      </AdaptiveLayout>
    );
  }
  return <Outlet />;
}
