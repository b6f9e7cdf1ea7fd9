import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyCard } from './ListStates';

/** Shown when an id is unknown or belongs to someone else's organisation (404). */
export function NotFoundState({
  title,
  text,
  back,
  backLabel,
}: {
  title: string;
  text: string;
  back: string;
  backLabel: string;
}) {
  return (
    <EmptyCard icon={IconAlertTriangle} title={title} text={text} color="gray" testId="not-found-state">
      <Button component={Link} to={back} variant="light">
        {backLabel}
      </Button>
    </EmptyCard>
  );
}
