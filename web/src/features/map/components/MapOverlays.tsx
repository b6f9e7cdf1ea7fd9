import { useState, type ComponentProps, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import type { Legend as LegendData } from '../legend';
import { BasemapProblem } from './BasemapProblem';
import { DrawTools } from './DrawTools';
import { Legend } from './Legend';
import { MapControls } from './MapControls';
import { MapAside } from './MapNotices';
import type { useMapLayout } from './useMapLayout';

interface Props {
  /** Where the overlays go (the sizes of the map, the tools and the legend). */
  layout: ReturnType<typeof useMapLayout>;
  tools: ComponentProps<typeof DrawTools>;
  /** The buttons at the top right; their display settings also keep whether the legend is open. */
  controls: ComponentProps<typeof MapControls>;
  legend: LegendData | undefined;
  /** Why the protected basemap stays empty, if it does. */
  basemapProblem?: ComponentProps<typeof BasemapProblem> | null;
  aside?: ReactNode;
}

/** What lies over the map: the drawing tools, its buttons, the legend, a basemap's problem, the aside. */
export function MapOverlays({ layout, tools, controls, legend, basemapProblem, aside }: Props) {
  const { toolsRef, legendRef, panelWidth, smallMap, legendLeft } = layout;
  const { settings, onSettings } = controls;
  // A small map folds its legend for now only; a large one keeps the choice in the settings.
  const [smallLegend, setSmallLegend] = useState(false);
  const legendOpen = smallMap ? smallLegend : settings.legendOpen;
  const toggleLegend = () =>
    smallMap ? setSmallLegend(!legendOpen) : onSettings({ ...settings, legendOpen: !settings.legendOpen });
  const narrow = panelWidth < 700;
  return (
    <>
      {/* Above the legend: on a short map (the data view's) the two meet, and the tools must stay usable. */}
      <Box ref={toolsRef} pos="absolute" top={12} left={12} style={{ zIndex: 3 }}>
        <DrawTools {...tools} />
      </Box>
      <MapControls {...controls} />
      {aside && <MapAside>{aside}</MapAside>}
      {basemapProblem && (
        // Narrow, below the map's buttons, beside the drawing tools; wide, between them.
        <Box
          pos="absolute"
          top={narrow ? 64 : 12}
          left={66}
          right={narrow ? 12 : undefined}
          style={{ zIndex: 4, maxWidth: 420 }}
        >
          <BasemapProblem {...basemapProblem} />
        </Box>
      )}
      <Box
        ref={legendRef}
        pos="absolute"
        bottom={12}
        left={legendLeft}
        style={{ zIndex: 2, maxHeight: 'calc(100% - 24px)', display: 'flex', alignItems: 'flex-end' }}
      >
        <Legend legend={legend} open={legendOpen} onToggle={toggleLegend} />
      </Box>
    </>
  );
}
