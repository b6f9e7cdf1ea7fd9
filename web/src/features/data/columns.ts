/**
 * The columns of the data table, and the column state (order, visibility, width) each person
 * keeps per project on this device.
 */
import { TREE_CUSTOM_FIELDS } from '@/lib/trees/tree';

export type ColumnKind = 'number' | 'decimal' | 'text' | 'enum' | 'date' | 'datetime' | 'bool' | 'list';

export interface ColumnInfo {
  /** The field of the row (and the grid's column id). */
  id: string;
  kind: ColumnKind;
  /** i18n prefix of enum labels. */
  labels?: string;
  /** What the server sorts by, if other than the id; false: not sortable. */
  sort?: string | false;
  /** Shown until the person chooses otherwise. */
  visible?: boolean;
  width?: number;
}

export const COLUMNS: ColumnInfo[] = [
  { id: 'number', kind: 'number', visible: true, width: 100 },
  { id: 'number_text', kind: 'text', visible: true, width: 120 },
  { id: 'species', kind: 'text', sort: 'species_botanical', visible: true, width: 220 },
  { id: 'single_tree', kind: 'bool', visible: true, width: 110 },
  { id: 'planting_year', kind: 'number', width: 120 },
  { id: 'height', kind: 'decimal', visible: true, width: 110 },
  { id: 'diameter', kind: 'decimal', width: 130 },
  { id: 'scope', kind: 'decimal', width: 130 },
  { id: 'top_diameter', kind: 'decimal', width: 130 },
  { id: 'top_form', kind: 'text', width: 130 },
  { id: 'vitality', kind: 'enum', labels: 'enums.vitality', visible: true, width: 160 },
  { id: 'development', kind: 'enum', labels: 'enums.development', width: 150 },
  { id: 'damage_tree', kind: 'enum', labels: 'enums.damage_tree', width: 130 },
  { id: 'security_expectation', kind: 'enum', labels: 'enums.security_expectation', width: 130 },
  { id: 'symptoms', kind: 'list', sort: false, width: 200 },
  { id: 'valuation_top', kind: 'enum', labels: 'data.valuation', width: 130 },
  { id: 'valuation_root', kind: 'enum', labels: 'data.valuation', width: 130 },
  { id: 'valuation_trunk', kind: 'enum', labels: 'data.valuation', width: 130 },
  { id: 'valuation_group', kind: 'enum', labels: 'data.valuation', width: 130 },
  { id: 'valuation_max', kind: 'number', width: 120 },
  { id: 'tree_count', kind: 'number', width: 110 },
  { id: 'area', kind: 'decimal', width: 110 },
  { id: 'action_security', kind: 'enum', labels: 'data.safety', visible: true, width: 130 },
  { id: 'action_count', kind: 'number', width: 110 },
  { id: 'actions', kind: 'text', sort: false, width: 200 },
  { id: 'action_deadline', kind: 'date', visible: true, width: 130 },
  { id: 'deadline_class', kind: 'enum', labels: 'data.deadlineClass', width: 150 },
  { id: 'check_next', kind: 'date', visible: true, width: 140 },
  { id: 'check_class', kind: 'enum', labels: 'data.checkClass', width: 150 },
  { id: 'check_timestamp', kind: 'datetime', width: 150 },
  { id: 'check_alias', kind: 'text', sort: false, width: 150 },
  { id: 'check_comment', kind: 'text', width: 200 },
  { id: 'create_timestamp', kind: 'datetime', width: 150 },
  { id: 'object_timestamp', kind: 'datetime', width: 150 },
  { id: 'cut_date', kind: 'date', width: 120 },
  ...TREE_CUSTOM_FIELDS.map((id): ColumnInfo => ({ id, kind: 'text', width: 150 })),
];

export const sortKeyOf = (c: ColumnInfo): string | null => (c.sort === false ? null : (c.sort ?? c.id));

/** What is kept of a column: its place is its position in the list. */
export interface SavedColumn {
  colId: string;
  hide?: boolean;
  width?: number;
  pinned?: 'left' | 'right' | null;
}

export const storageKey = (userId: string, projectId: string) => `arbor-data-columns:${userId}:${projectId}`;

/**
 * The custom fields a project keeps to tell its objects apart (a street, a site, a district): the
 * active ones. Numbers repeat per street in many registers, so the table shows them by default.
 */
export function identifyingFields(custom?: Record<string, { active?: boolean }>): string[] {
  return TREE_CUSTOM_FIELDS.filter((id) => custom?.[id]?.active);
}

/**
 * The default state: every column in catalogue order with the usual ones shown, and the
 * identifying custom fields shown right after the tag.
 */
export function defaultColumns(identifying: string[] = []): SavedColumn[] {
  const shown = new Set(identifying);
  const all = COLUMNS.map((c) => ({
    colId: c.id,
    hide: !(c.visible || shown.has(c.id)),
    width: c.width,
    pinned: null,
  }));
  const ident = all.filter((c) => shown.has(c.colId));
  const rest = all.filter((c) => !shown.has(c.colId));
  const at = rest.findIndex((c) => c.colId === 'number_text') + 1;
  return [...rest.slice(0, at), ...ident, ...rest.slice(at)];
}

/**
 * A saved state made fit for today's columns: unknown ones dropped, repeats ignored, columns
 * added since appended (hidden unless shown by default), widths kept within reason.
 */
export function reconcileColumns(saved: unknown, identifying: string[] = []): SavedColumn[] {
  if (!Array.isArray(saved)) return defaultColumns(identifying);
  const known = new Map(COLUMNS.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const out: SavedColumn[] = [];
  for (const s of saved) {
    if (!s || typeof s !== 'object') continue;
    const { colId, hide, width, pinned } = s as Record<string, unknown>;
    if (typeof colId !== 'string' || !known.has(colId) || seen.has(colId)) continue;
    seen.add(colId);
    const w = typeof width === 'number' && Number.isFinite(width) ? Math.min(800, Math.max(60, width)) : undefined;
    out.push({
      colId,
      hide: hide === true,
      width: w ?? known.get(colId)!.width,
      pinned: pinned === 'left' || pinned === 'right' ? pinned : null,
    });
  }
  if (!out.length) return defaultColumns(identifying);
  for (const c of COLUMNS)
    if (!seen.has(c.id)) out.push({ colId: c.id, hide: !c.visible, width: c.width, pinned: null });
  // Never nothing to see.
  if (out.every((c) => c.hide)) out[0].hide = false;
  return out;
}

export function loadColumns(
  userId: string,
  projectId: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
  identifying: string[] = [],
) {
  try {
    const raw = storage.getItem(storageKey(userId, projectId));
    return reconcileColumns(raw ? JSON.parse(raw) : null, identifying);
  } catch {
    return defaultColumns(identifying);
  }
}

export function saveColumns(
  userId: string,
  projectId: string,
  state: SavedColumn[],
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  try {
    storage.setItem(
      storageKey(userId, projectId),
      JSON.stringify(
        state.map(({ colId, hide, width, pinned }) => ({ colId, hide: !!hide, width, pinned: pinned ?? null })),
      ),
    );
  } catch {
    // storage full or off: the columns are simply not remembered
  }
}

/** The grid's sort model as the server's sort list: ["-check_next", "number"]. */
export function toServerSort(model: { colId: string; sort: 'asc' | 'desc' | null | undefined }[]): string[] {
  const out: string[] = [];
  for (const m of model) {
    const col = COLUMNS.find((c) => c.id === m.colId);
    const key = col ? sortKeyOf(col) : null;
    if (!key || !m.sort) continue;
    out.push(m.sort === 'desc' ? `-${key}` : key);
  }
  return out;
}

/**
 * The width a column needs so its header shows whole: headers wrap between words (the grid's
 * wrapHeaderText), so the longest word must fit, beside the sort and menu icons. German makes
 * the longest ("Nummernschild").
 */
export function headerWidth(label: string): number {
  const longest = Math.max(0, ...label.split(/\s+/).map((w) => w.length));
  return Math.ceil(longest * 8.6 + 52);
}
