/**
 * The legend is read from the MapLibre style the server builds (styles/), never from a colour
 * table of its own: the colours come from the `match` (or `step`) expression of the layer that
 * carries the "arbor:legend" metadata, the labels from the i18n keys in that metadata.
 */

export interface LegendEntry {
  value: string;
  /** i18n key of the class label. */
  label: string;
  color: string;
}

export interface LegendItem {
  /** i18n key, e.g. "map.legend.group". */
  label: string;
  kind: 'fill' | 'line' | 'circle' | 'ring';
  color: string;
}

export interface Legend {
  theme: string;
  /** i18n key of the theme name. */
  title: string;
  entries: LegendEntry[];
  /** The other layers worth explaining (groups, works), with their colours. */
  items: LegendItem[];
  /** The colour of objects without a value. */
  fallback?: string;
}

interface StyleLayer {
  id: string;
  type: string;
  paint?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

export interface StyleLike {
  layers?: StyleLayer[];
  metadata?: Record<string, unknown>;
}

const COLOR_PAINT: Record<string, string> = {
  circle: 'circle-color',
  fill: 'fill-color',
  line: 'line-color',
  symbol: 'text-color',
};

function asString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** The first colour literal of an expression (for layers coloured by one colour or a `case`). */
function firstColor(expr: unknown): string | undefined {
  if (typeof expr === 'string') return expr.startsWith('#') || expr.startsWith('rgb') ? expr : undefined;
  if (Array.isArray(expr)) {
    if (expr[0] === 'case') return firstColor(expr[expr.length - 1]);
    for (const e of expr.slice(1)) {
      const c = firstColor(e);
      if (c) return c;
    }
  }
  return undefined;
}

/** The value → colour pairs of a `match` or `step` expression, and the fallback colour. */
export function colorStops(expr: unknown): { stops: [string, string][]; fallback?: string } {
  if (!Array.isArray(expr)) return { stops: [] };
  if (expr[0] === 'match') {
    const stops: [string, string][] = [];
    for (let i = 2; i + 1 < expr.length; i += 2) {
      const labels = Array.isArray(expr[i]) ? expr[i] : [expr[i]];
      const color = asString(expr[i + 1]);
      if (color) for (const l of labels) stops.push([String(l), color]);
    }
    return { stops, fallback: expr.length % 2 === 1 ? asString(expr[expr.length - 1]) : undefined };
  }
  if (expr[0] === 'step') {
    // ["step", input, c0, v1, c1, …]: c0 below v1; the class values are the stop inputs.
    const stops: [string, string][] = [];
    const c0 = asString(expr[2]);
    if (c0) stops.push(['-Infinity', c0]);
    for (let i = 3; i + 1 < expr.length; i += 2) {
      const color = asString(expr[i + 1]);
      if (color) stops.push([String(expr[i]), color]);
    }
    return { stops };
  }
  return { stops: [] };
}

/** Reads the legend of a style; undefined when it has no legend layer. */
export function legendOf(style: StyleLike | undefined | null): Legend | undefined {
  const layers = style?.layers ?? [];
  const main = layers.find((l) => l.metadata && typeof l.metadata['arbor:legend'] === 'object');
  if (!main) return undefined;
  const meta = main.metadata!['arbor:legend'] as { theme?: string; title?: string; labels?: Record<string, string> };
  const { stops, fallback } = colorStops(main.paint?.[COLOR_PAINT[main.type] ?? 'circle-color']);
  const labels = meta.labels ?? {};
  const entries = stops
    .filter(([value]) => labels[value] !== undefined)
    .map(([value, color]) => ({ value, label: labels[value], color }));
  const items: LegendItem[] = [];
  for (const l of layers) {
    const key = l.metadata?.['arbor:legend-item'];
    if (typeof key !== 'string') continue;
    const paint = l.paint ?? {};
    if (l.type === 'circle') {
      const stroke = firstColor(paint['circle-stroke-color']);
      items.push({ label: key, kind: 'ring', color: stroke ?? firstColor(paint['circle-color']) ?? '#888' });
    } else {
      items.push({
        label: key,
        kind: l.type === 'line' ? 'line' : 'fill',
        color: firstColor(paint[COLOR_PAINT[l.type] ?? '']) ?? '#888',
      });
    }
  }
  return { theme: meta.theme ?? '', title: meta.title ?? '', entries, items, fallback };
}

export interface StyleZooms {
  /** First zoom whose tiles carry single trees; below it they carry a grid of counts. */
  detail: number;
  /** First zoom at which trees carry (and the style writes) their numbers. */
  labels: number;
}

/** The zooms of the tile layers, as the server's style names them (tiles/layers/layers.go defines
 *  them once); a style without them is taken as having no grid and labels at every zoom. */
export function styleZooms(style: { metadata?: unknown } | undefined | null): StyleZooms {
  const m = (style?.metadata ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return { detail: num(m['arbor:detail_zoom']), labels: num(m['arbor:label_minzoom']) };
}
