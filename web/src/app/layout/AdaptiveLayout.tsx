import type { ReactNode } from 'react';
import { useSession } from '@/api/auth/getSession';
import { DefaultLayout } from './DefaultLayout';
import { GuestLayout } from './GuestLayout';
import { FullPageLoader } from './FullPageLoader';

/** Pages without a guard: the default layout for users, the guest layout otherwise. */
export function AdaptiveLayout({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return session.data ? <DefaultLayout>{children}</DefaultLayout> : <GuestLayout>{children}</GuestLayout>;
}
