/** The room the overlays leave free on the map, for bringing an object into view. */

/** The box the legend covers in the map's lower left corner (px). */
export interface LegendBox {
  width: number;
  height: number;
}

/** A point's label hangs below it: a point this close above the legend still has its label under it. */
const LABEL = 20;
const MARGIN = 8;

/**
 * Whether a point (px in the map) is out of sight: outside the map, under the info window on the
 * right (`covered` px wide) or under the legend.
 */
export function hiddenAt(
  at: { x: number; y: number },
  size: { width: number; height: number },
  covered: number,
  legend?: LegendBox,
) {
  if (at.x < 0 || at.y < 0 || at.x > size.width - covered || at.y > size.height) return true;
  return underLegend(at, size.height, legend);
}

function underLegend(at: { x: number; y: number }, height: number, legend?: LegendBox) {
  return !!legend && at.x < legend.width + MARGIN && at.y > height - legend.height - LABEL;
}

/**
 * Where an object brought into view goes, as an offset (px) from the map's centre: the middle of
 * what the info window leaves free — or, where the legend lies there, the middle of the larger
 * room beside or above it.
 */
export function viewOffset(
  size: { width: number; height: number },
  covered: number,
  legend?: LegendBox,
): [number, number] {
  const free = size.width - covered;
  let x = free / 2;
  let y = size.height / 2;
  if (underLegend({ x, y }, size.height, legend) && legend) {
    const beside = free - legend.width;
    const above = size.height - legend.height;
    if (beside >= above) x = legend.width + beside / 2;
    else y = above / 2;
  }
  return [x - size.width / 2, y - size.height / 2];
}
