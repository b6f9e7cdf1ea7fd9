import { IconChartBar } from '@tabler/icons-react';
import { EmptyPage } from '@/features/shell/components/EmptyPage';

export default function JobsDashboardPage() {
  return (
    <EmptyPage
      titleKey="titles.jobsDashboard"
      emptyKey="empty.jobsDashboard"
      icon={<IconChartBar size={30} stroke={1.6} />}
    />
  );
}
