import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';

/** An organisation's name as a link to its page. */
export function OrganisationLink({ id, name, ...props }: AnchorProps & { id: string; name: string }) {
  return (
    <Anchor component={Link} to={`/organisations/${id}`} {...props}>
      {name}
    </Anchor>
  );
}
