import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';

/** Where the map's code is still loading (MapLibre is a chunk of its own): a spinner of the map's height. */
export function MapSuspense({ height, children }: { height: number | string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center h={height} data-testid="map-loading">
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
