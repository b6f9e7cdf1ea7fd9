/** Answers of the dashboard calls (docs/API.md, "Dashboards and news"). */

/** Objects by inspection class. */
export interface CheckClasses {
  overdue: number;
  due: number;
  months3: number;
  later: number;
  never: number;
}

/** Open works by deadline class. */
export interface WorkClasses {
  overdue: number;
  weeks2: number;
  months3: number;
  months6: number;
  later: number;
  none: number;
}

/** Objects by an enumerated value ("0", "1", …, and "none" when unset). */
export type ValueCounts = Record<string, number>;

/** GET /api/content/dashboard/project */
export interface ProjectDashboard {
  trees: number;
  groups: number;
  checks: CheckClasses;
  works: WorkClasses;
  open_works: number;
  safety: ValueCounts;
  vitality: ValueCounts;
  damage: ValueCounts;
  development: ValueCounts;
  /** Objects with an open safety-relevant work past its deadline. */
  safety_overdue: number;
  /** Objects not safe without a felling due within felling_warn_days. */
  fellings_late: number;
  felling_warn_days: number;
}

export interface ObjectFigures {
  trees: number;
  groups: number;
  checks: CheckClasses;
  open_checks: number;
  works: WorkClasses;
  open_works: number;
}

export interface UserProject {
  id: string;
  name: string;
  organisation: string;
  organisationName: string;
  role: string;
  limited: boolean;
  figures: ObjectFigures;
}

/** A job as GET /api/management/job answers it. */
export interface Job {
  id: string;
  name: string;
  note: string;
  status: number;
  project: string;
  projectName: string;
  managerAlias: string;
  tree_count: number;
  group_count: number;
  action_count: number;
  action_done: number;
  check_count: number;
  created_at: string;
}

export interface NewsItem {
  at: string;
  alias: string;
  entity: 'tree' | 'group' | 'check' | 'action';
  op: 'insert' | 'update' | 'delete';
  field: string | null;
  new_value: unknown;
  project: string;
  projectName: string;
  object: string;
  number: number | null;
  number_text: string | null;
}

/** GET /api/content/dashboard/user */
export interface UserDashboard {
  projects: UserProject[];
  jobs: Job[];
  totals: ObjectFigures & { projects: number; jobs: number };
  news: NewsItem[];
  /** Projects with objects whose safety-relevant work is past its deadline, gravest first. */
  safety: SafetyAlert[];
}

export interface SafetyAlert {
  project: string;
  projectName: string;
  objects: number;
}

/** GET /api/content/dashboard/job */
export interface JobDashboard {
  job: Job;
  trees: number;
  groups: number;
  works: { done: number; open: number; deadlines: WorkClasses };
  checks: { done: number; open: number; count: number };
  safety: ValueCounts;
  deadlines: ValueCounts;
  inspections: ValueCounts;
}
