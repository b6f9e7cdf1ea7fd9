import type { CheckType, Tree } from '@/api/trees/types';
import { ENUM_FIELDS } from '@/lib/trees/tree';
import { todayISO } from '@/lib/trees/format';
import type { FindingDetails } from './Findings';

/** The inspection form's values. */
export type CheckValues = {
  day: string;
  type: CheckType;
  details: FindingDetails;
  measure: boolean;
  work: string | null;
  deadline: string;
  relevant: boolean;
  enums: Record<(typeof ENUM_FIELDS)[number], string | null>;
  symptoms: string[];
  comment: string;
  general31: string;
  general32: string;
};

/** A new inspection of tree: today, routine, the tree's assessment as it stands. */
export function initial(tree: Tree): CheckValues {
  const enums = {} as CheckValues['enums'];
  for (const f of ENUM_FIELDS) enums[f] = tree[f] === null || tree[f] === undefined ? null : String(tree[f]);
  return {
    day: todayISO(),
    type: 'routine',
    details: {},
    measure: false,
    work: null,
    deadline: '',
    relevant: false,
    enums,
    symptoms: [...(tree.symptoms ?? [])],
    comment: '',
    general31: tree.general31 ?? '',
    general32: tree.general32 ?? '',
  };
}
