import { Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** What came of a guest's step (confirmed, failed, mail sent), centred: its sign in a circle and a line in large type. */
export function Outcome({
  icon: Sign,
  color = 'arbor',
  iconSize = 36,
  title,
  titleSize = 22,
  titleTestId,
}: {
  icon: Icon;
  color?: string;
  iconSize?: number;
  title: string;
  titleSize?: number;
  titleTestId?: string;
}) {
  return (
    <>
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        <Sign size={iconSize} stroke={1.6} />
      </ThemeIcon>
      <Text fz={titleSize} fw={650} data-testid={titleTestId}>
        {title}
      </Text>
    </>
  );
}
