import { IconMapPin } from '@tabler/icons-react';
import { EmptyPage } from '@/features/shell/components/EmptyPage';

export default function JobsDataPage() {
  return (
    <EmptyPage titleKey="titles.jobsData" emptyKey="empty.jobsData" icon={<IconMapPin size={30} stroke={1.6} />} />
  );
}
