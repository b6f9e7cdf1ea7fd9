import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';

/** What a page does with what its create modal made: closes the modal, says so, and opens the new thing. */
export function useShowCreated(close: () => void) {
  const navigate = useNavigate();
  return (message: ReactNode, to: string, icon?: ReactNode) => {
    close();
    notifications.show({ color: 'arbor', icon, message });
    void navigate(to);
  };
}
