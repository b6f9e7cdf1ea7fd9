import type { Point, Polygon, MultiPolygon } from 'geojson';

/** The assessment of a tree, an inspection or its request (store.Assessment). */
export interface Assessment {
  vitality: number | null;
  development: number | null;
  damage_tree: number | null;
  security_expectation: number | null;
  symptoms: string[];
  valuation_top: number | null;
  valuation_root: number | null;
  valuation_trunk: number | null;
  valuation_group: number | null;
}

/** Custom field names a tree carries (general41–42 belong to works). */
export type TreeCustomField =
  | 'general01'
  | 'general02'
  | 'general03'
  | 'general04'
  | 'general05'
  | 'general06'
  | 'general07'
  | 'general08'
  | 'general09'
  | 'general11'
  | 'general12'
  | 'general13'
  | 'general21'
  | 'general22'
  | 'general23'
  | 'general31'
  | 'general32';

/** A tree or group with the fields of docs/PRODUCT.md §3 (docs/API.md). */
export type Tree = Assessment & {
  id: string;
  fid: number;
  project: string;
  single_tree: boolean;
  geom: Point | Polygon | MultiPolygon;
  number: number;
  number_text: string;
  species: string | null;
  species_botanical: string;
  species_language: string;
  species_protection: boolean;
  planting_year: number | null;
  height: number | null;
  diameter: number | null;
  scope: number | null;
  top_diameter: number | null;
  top_form: string;
  valuation_max: number | null;
  tree_count: number;
  species_count: number;
  area: number | null;
  archive: boolean;
  cut: boolean;
  cut_date: string | null;
  action_count: number;
  action_deadline: string | null;
  /** Safety: 0 safe, 1 doubtful, 2 restorable, 3 not safe. */
  action_security: number;
  actions: string;
  /** 0 overdue, 1 ≤ 2 weeks, 2 ≤ 3 months, 3 ≤ 6 months, 4 later, 5 none. */
  deadline_class: number;
  check_comment: string;
  check_next: string | null;
  /** 0 overdue, 1 due, 2 ≤ 3 months, 3 later; null never inspected. */
  check_class: number | null;
  check_timestamp: string | null;
  check_username: string;
  check_alias: string;
  create_timestamp: string;
  create_username: string;
  create_alias: string;
  object_timestamp: string;
  object_username: string;
  object_alias: string;
  version: number;
} & { [K in TreeCustomField]?: string };

/** What kind of inspection it was. */
export type CheckType = 'routine' | 'detailed' | 'storm';
export const CHECK_TYPES: CheckType[] = ['routine', 'detailed', 'storm'];
/** Where on the tree a symptom is ('' not said). */
export type TreePart = '' | 'root' | 'trunk' | 'crown';
/** One symptom as found: where, and how severe (1 slight – 3 severe, 0 not said). */
export interface Finding {
  symptom: string;
  part: TreePart;
  severity: 0 | 1 | 2 | 3;
}

/** An inspection: an immutable record. */
export type Check = Assessment & {
  id: string;
  tree: string;
  timestamp: string;
  username: string;
  alias: string;
  comment: string;
  general31: string;
  general32: string;
  check_next: string;
  check_type: CheckType;
  findings: Finding[];
};

/** A work on a tree or group; open until execute_timestamp is set. */
export interface Action {
  id: string;
  tree: string;
  work: string;
  action: string;
  category: string;
  security_relevance: boolean;
  code_action_security: number;
  deadline: string | null;
  deadline_class: number;
  altitude_class: number | null;
  marker: string;
  comment: string;
  tree_count: number;
  general41: string;
  general42: string;
  timestamp: string;
  username: string;
  alias: string;
  execute_timestamp: string | null;
  execute_note: string;
  execute_username: string;
  execute_alias: string;
  version: number;
}

/** One entry of an object's history. */
export interface Change {
  id: number;
  entity: 'tree' | 'group' | 'check' | 'action' | 'file';
  entity_id: string;
  op: 'insert' | 'update' | 'delete';
  field: string | null;
  old_value: unknown;
  new_value: unknown;
  /** The file an object was imported from (its insert only). */
  import_file?: string;
  username: string;
  alias: string;
  at: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** An entry of a value list as forms get it (GET /api/content/lists). */
export interface ContentListEntry {
  id: string;
  name: string;
  botanical: string;
  protection: boolean;
  category: string;
  security_relevance: boolean;
  action_security: number;
  symptom_type: string;
  note: string;
  parent: string | null;
  /** A standard entry (the same for every organisation, read-only). */
  global: boolean;
}

export interface ContentLists {
  species: ContentListEntry[];
  work: ContentListEntry[];
  work_note: ContentListEntry[];
  symptom: ContentListEntry[];
  symptom_note: ContentListEntry[];
}
