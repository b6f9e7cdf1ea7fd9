import { useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { frameOf } from '../mapping';
import type { SampleFeature } from '../api/types';

const WIDTH = 640;
const HEIGHT = 260;

/**
 * The first objects of a file drawn where the chosen reference system puts them, relative to each
 * other: a wrong system shows as a scatter far apart or a single dot, a right one as the streets
 * and parks of the register. Needs no map tiles, so it works offline and in tests.
 */
export function SamplePreview({ features }: { features: SampleFeature[] }) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const frame = frameOf(features, WIDTH, HEIGHT);
  if (!frame) return null;
  const path = (rings: number[][][]) =>
    rings
      .map(
        (r) =>
          'M' +
          r
            .map((p) =>
              frame
                .project(p)
                .map((v) => v.toFixed(1))
                .join(','),
            )
            .join('L') +
          'Z',
      )
      .join('');
  return (
    <svg
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      width="100%"
      role="img"
      aria-label={t('import.preview.map')}
      data-testid="import-sample"
      style={{
        maxHeight: HEIGHT,
        background: dark ? 'var(--mantine-color-dark-6)' : 'var(--mantine-color-gray-0)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {features.map((f) => {
        const g = f.geometry;
        const key = f.properties.line;
        if (g.type === 'Point') {
          const [x, y] = frame.project(g.coordinates);
          return (
            <circle key={key} cx={x} cy={y} r={3.5} fill="var(--mantine-color-green-6)" stroke="white" strokeWidth={1}>
              <title>{`#${f.properties.number}`}</title>
            </circle>
          );
        }
        const rings = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
        return (
          <path
            key={key}
            d={path(rings)}
            fill="var(--mantine-color-green-3)"
            fillOpacity={0.5}
            stroke="var(--mantine-color-green-8)"
            strokeDasharray="4 2"
          >
            <title>{`#${f.properties.number}`}</title>
          </path>
        );
      })}
    </svg>
  );
}
