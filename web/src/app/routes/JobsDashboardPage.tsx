import { JobDashboard } from '@/features/dashboard/components/JobDashboard';

export default function JobsDashboardPage() {
  return <JobDashboard />;
}
