import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100dvh">
      <Loader color="arbor" type="dots" />
    </Center>
  );
}
