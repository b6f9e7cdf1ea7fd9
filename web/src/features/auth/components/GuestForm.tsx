import type { FormEventHandler, ReactNode } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The form of a page before login: its fields, then the wide submit button. */
export function GuestForm({
  onSubmit,
  submit,
  submitTestId,
  loading,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: ReactNode;
  submitTestId: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Button type="submit" fullWidth size="md" loading={loading} data-testid={submitTestId}>
          {submit}
        </Button>
      </Stack>
    </form>
  );
}

/** The line under the form that leads the other way in: "No account yet? Create one". */
export function OtherWayIn({ text, to, link }: { text: ReactNode; to: string; link: ReactNode }) {
  return (
    <Text ta="center" size="sm" c="dimmed">
      {text}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {link}
      </Anchor>
    </Text>
  );
}
