import { IconChartDonut3 } from '@tabler/icons-react';
import { EmptyPage } from '@/features/shell/components/EmptyPage';

export default function ProjectsDashboardPage() {
  return (
    <EmptyPage
      titleKey="titles.projectsDashboard"
      emptyKey="empty.projectsDashboard"
      icon={<IconChartDonut3 size={30} stroke={1.6} />}
    />
  );
}
