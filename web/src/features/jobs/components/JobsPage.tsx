import { IconClipboardList } from '@tabler/icons-react';
import { EmptyPage } from '@/features/shell/components/EmptyPage';

export default function JobsPage() {
  return <EmptyPage titleKey="titles.jobs" emptyKey="empty.jobs" icon={<IconClipboardList size={30} stroke={1.6} />} />;
}
