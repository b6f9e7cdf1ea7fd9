import { useElementSize } from '@mantine/hooks';

/** The gap (px) between the map's edge, the drawing tools and the legend. */
const GAP = 12;

/**
 * Where the map's overlays go, from the sizes they have: the legend stands in the lower left
 * corner, unless it would reach up behind the drawing tools (a short map, a long legend) — then
 * it goes beside them. A small map (a phone, a short split) starts with its legend folded.
 */
export function useMapLayout() {
  const panel = useElementSize();
  const tools = useElementSize();
  const legend = useElementSize();
  const measured = panel.height > 0;
  const legendBeside =
    measured && tools.height > 0 && panel.height - GAP - legend.height < GAP + tools.height + GAP / 2;
  return {
    panelRef: panel.ref,
    toolsRef: tools.ref,
    legendRef: legend.ref,
    panelWidth: panel.width,
    smallMap: measured && (panel.height < 420 || panel.width < 560),
    legendLeft: legendBeside ? 66 : GAP,
    /** The legend's right edge (px from the map's left) and its top (px from the map's bottom). */
    legendRight: (legendBeside ? 66 : GAP) + legend.width,
    legendTop: GAP + legend.height,
  };
}
