import { IconTrees } from '@tabler/icons-react';
import { EmptyPage } from '@/features/shell/components/EmptyPage';

export default function ProjectsPage() {
  return <EmptyPage titleKey="titles.projects" emptyKey="empty.projects" icon={<IconTrees size={30} stroke={1.6} />} />;
}
