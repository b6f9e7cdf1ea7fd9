import { IconBuildingCommunity } from '@tabler/icons-react';
import { EmptyPage } from '@/features/shell/components/EmptyPage';

export default function OrganisationsPage() {
  return (
    <EmptyPage
      titleKey="titles.organisations"
      emptyKey="empty.organisations"
      icon={<IconBuildingCommunity size={30} stroke={1.6} />}
    />
  );
}
