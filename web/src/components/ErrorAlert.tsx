import type { ReactNode } from 'react';
import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A red warning that screen readers announce: a form's or a page's error from the server. */
export function ErrorAlert({ children, ...props }: { children: ReactNode } & Omit<AlertProps, 'children'>) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" {...props}>
      {children}
    </Alert>
  );
}
