/**
 * Segment → filter: what a click on a dashboard card's segment opens in the data view. The
 * filters follow the one filter model of the server (store/filter.go): a stock state and
 * attribute conditions on the fields action_security, vitality, damage_tree, development,
 * check_class (0 overdue … 3 later, 4 never inspected) and deadline_class (0 overdue … 4 later,
 * 5 none), and job membership.
 *
 * Classes are sent as `in [n]`, the form the filter panel shows for a coded field, so the data
 * view shows (and counts) exactly the condition the card counted. store/dashboard_test.go runs each
 * of these filters (pinned in segment-filters.json) through the data count and compares it with the dashboard's figure.
 */

export interface Condition {
  field: string;
  op: string;
  value?: unknown;
}

export interface Filter {
  state?: 'stock' | 'felled' | 'archived' | 'all';
  conditions?: Condition[];
  ids?: string[];
}

/** The cards whose segments open the data view. */
export type Card =
  | 'safety'
  | 'vitality'
  | 'damage'
  | 'development'
  | 'checks'
  | 'works'
  | 'openChecks'
  | 'safetyOverdue'
  | 'fellingsLate';

/**
 * The safety card of the project dashboard splits "safe" by inspection: safe and inspected in
 * time ("0"), safe but the inspection is overdue, and never inspected ("not assessed"). Safety
 * comes from open works only, so a tree nobody has looked at would otherwise read safe.
 */
export const SAFE_SPLIT = { '0': [1, 2, 3], overdue: [0], unassessed: [4] } as const;

/** Inspection classes as the dashboards name them, in the order of check_class. */
export const CHECK_KEYS = ['overdue', 'due', 'months3', 'later', 'never'] as const;
/** Deadline classes as the dashboards name them, in the order of deadline_class. */
export const WORK_KEYS = ['overdue', 'weeks2', 'months3', 'months6', 'later', 'none'] as const;

const valueField: Record<'safety' | 'vitality' | 'damage' | 'development', string> = {
  safety: 'action_security',
  vitality: 'vitality',
  damage: 'damage_tree',
  development: 'development',
};

/** A class key of a card as its number: "3" → 3, "overdue" → 0 (by the card's order). */
function classNumber(card: Card, key: string): number {
  if (card === 'checks') return CHECK_KEYS.indexOf(key as (typeof CHECK_KEYS)[number]);
  if (card === 'works') return WORK_KEYS.indexOf(key as (typeof WORK_KEYS)[number]);
  return Number(key);
}

/** The conditions of one segment of a card. */
export function segmentConditions(card: Card, key: string, split = true): Condition[] {
  if (card === 'openChecks') return [{ field: 'check_class', op: 'in', value: [0, 1] }];
  if (card === 'safetyOverdue') return [{ field: 'safety_overdue', op: 'eq', value: true }];
  if (card === 'fellingsLate') return [{ field: 'felling_late', op: 'eq', value: true }];
  if (card === 'safety' && split && key in SAFE_SPLIT)
    return [
      { field: 'action_security', op: 'in', value: [0] },
      { field: 'check_class', op: 'in', value: [...SAFE_SPLIT[key as keyof typeof SAFE_SPLIT]] },
    ];
  const n = classNumber(card, key);
  if (card === 'checks') {
    if (n < 0) throw new Error(`unknown inspection class ${key}`);
    return [{ field: 'check_class', op: 'in', value: [n] }];
  }
  if (card === 'works') {
    if (n < 0) throw new Error(`unknown deadline class ${key}`);
    // Objects without any open work have no deadline either: "none" means open works without one.
    if (n === 5)
      return [
        { field: 'deadline_class', op: 'in', value: [5] },
        { field: 'action_count', op: 'gt', value: 0 },
      ];
    return [{ field: 'deadline_class', op: 'in', value: [n] }];
  }
  const field = valueField[card];
  if (key === 'none') return [{ field, op: 'empty' }];
  if (!Number.isInteger(n) || !/^\d$/.test(key)) throw new Error(`unknown ${card} class ${key}`);
  return [{ field, op: 'in', value: [n] }];
}

/**
 * The filter of a segment. On the project and user dashboards it counts the stock (the server's
 * default state); on a job's dashboard every object of the job, whatever its state, and the
 * deadline class counts objects by their earliest open work, so "none" is every object without one.
 */
export function segmentFilter(card: Card, key: string, scope: { job?: string } = {}): Filter {
  if (scope.job) {
    // A job's safety card counts the plain safety classes.
    const conditions =
      card === 'works' && key === 'none'
        ? [{ field: 'deadline_class', op: 'in', value: [5] }]
        : segmentConditions(card, key, false);
    return { state: 'all', conditions: [{ field: 'job', op: 'eq', value: scope.job }, ...conditions] };
  }
  return { conditions: segmentConditions(card, key) };
}

/** The data view of a project filtered to a filter. */
export function dataViewPath(projectId: string, filter: Filter): string {
  return `/projects/${encodeURIComponent(projectId)}/data?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
