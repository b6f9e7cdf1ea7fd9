import { UserDashboard } from '@/features/dashboard/components/UserDashboard';

export default function ProjectsDashboardPage() {
  return <UserDashboard />;
}
