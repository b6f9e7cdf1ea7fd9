import { IconMap2 } from '@tabler/icons-react';
import { EmptyPage } from '@/features/shell/components/EmptyPage';

export default function ProjectsDataPage() {
  return (
    <EmptyPage
      titleKey="titles.projectsData"
      emptyKey="empty.projectsData"
      icon={<IconMap2 size={30} stroke={1.6} />}
    />
  );
}
