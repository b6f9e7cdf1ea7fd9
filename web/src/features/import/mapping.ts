import type { ImportColumn, ImportProblem, SampleFeature } from './api/types';

/** Targets a column can be mapped to, in the picker's groups (custom fields come from the project). */
export const TARGET_GROUPS: { group: 'place' | 'tree' | 'assessment'; targets: string[] }[] = [
  { group: 'place', targets: ['x', 'y', 'wkt'] },
  {
    group: 'tree',
    targets: [
      'number',
      'external_id',
      'number_text',
      'species',
      'species_common',
      'planting_year',
      'height',
      'diameter',
      'scope',
      'top_diameter',
      'top_form',
      'tree_count',
      'species_count',
    ],
  },
  {
    group: 'assessment',
    targets: [
      'vitality',
      'development',
      'damage_tree',
      'security_expectation',
      'valuation_top',
      'valuation_root',
      'valuation_trunk',
      'valuation_group',
    ],
  },
];

/** Size fields and the unit Arbor keeps them in; a column may hold another. */
export const SIZE_UNITS: Record<string, 'm' | 'cm'> = { height: 'm', top_diameter: 'm', diameter: 'cm', scope: 'cm' };

/** Trunk fields: a register keeps the circumference or the diameter; either fills either. */
export const TRUNK = new Set(['diameter', 'scope']);

/** The mapping with one target changed; a target is mapped to one column only. */
export function setTarget(mapping: ImportColumn[], index: number, target: string): ImportColumn[] {
  return mapping.map((c, i) => {
    if (i === index) return { target };
    if (target && c.target === target) return { target: '' };
    return c;
  });
}

/** What keeps a mapping from being imported: no place, as a message key (or null when fine). */
export function mappingGap(mapping: ImportColumn[], fileHasGeometry: boolean, match: string = ''): string | null {
  const has = (t: string) => mapping.some((c) => c.target === t);
  if (match === 'external_id' && !has('external_id')) return 'import.match.needColumn';
  if (match === 'number' && !has('number')) return 'import.match.needNumber';
  // A file that updates objects may leave their places as they are.
  if (match || fileHasGeometry || has('wkt') || (has('x') && has('y'))) return null;
  return 'import.columns.needPlace';
}

/** The problems as a CSV file a person opens beside their register (line; column; message; value). */
export function problemsCSV(problems: ImportProblem[], heading: [string, string, string, string]): string {
  const cell = (v: string | number | undefined) => {
    const s = String(v ?? '');
    // A cell starting with = + - @ would be a formula in a spreadsheet: kept as text.
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[";\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const rows = [heading, ...problems.map((p) => [p.line, p.column, p.message, p.value] as const)];
  return '\ufeff' + rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n';
}

/** Every coordinate pair of a feature. */
function positions(f: SampleFeature): number[][] {
  const g = f.geometry;
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'Polygon') return g.coordinates.flat();
  return g.coordinates.flat(2);
}

export interface Frame {
  /** Projects longitude, latitude into the frame (x right, y down). */
  project: (p: number[]) => [number, number];
  width: number;
  height: number;
}

/**
 * A frame for drawing the first objects of a file: their bounds, scaled to the width with the
 * north-south scale of their latitude (so a street looks like a street), with a margin.
 */
export function frameOf(features: SampleFeature[], width: number, maxHeight: number, margin = 12): Frame | null {
  const all = features.flatMap(positions).filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
  if (!all.length) return null;
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const k = Math.cos(((minY + maxY) / 2) * (Math.PI / 180));
  const spanX = Math.max((maxX - minX) * k, 1e-6);
  const spanY = Math.max(maxY - minY, 1e-6);
  const scale = Math.min((width - 2 * margin) / spanX, (maxHeight - 2 * margin) / spanY);
  const height = Math.min(maxHeight, spanY * scale + 2 * margin);
  const offX = (width - spanX * scale) / 2;
  const offY = (height - spanY * scale) / 2;
  return {
    width,
    height,
    project: (p) => [offX + (p[0] - minX) * k * scale, height - offY - (p[1] - minY) * scale],
  };
}
