/** Job statuses (docs/DECISIONS.md): 0 open, 1 in progress (released to the field), 2 completed. */
export type JobStatus = 0 | 1 | 2;

/** What someone is in a job session; empty: they only read the job through its project. */
export type JobRole = 'job-manager' | 'editor' | 'care' | 'reader' | '';

/** A field of a kept edit: what the crew wrote, and what the object held when their write met it. */
export interface EditedField {
  mine: unknown;
  current: unknown;
}

/**
 * What collided, kept on the job so nothing is lost (docs/API.md "Jobs"): a broken lock, or a
 * crew's edit that met a newer version of a tree or group (`kind: 'edit'`).
 */
export interface JobConflict {
  kind: 'lock_broken' | 'edit' | string;
  holder?: string;
  by?: string;
  at?: string;
  holder_alias?: string;
  by_alias?: string;
  /** An edit: the tree or group, its number then, and the fields the crew changed. */
  tree?: string;
  number?: number;
  number_text?: string;
  single_tree?: boolean;
  base_version?: number;
  fields?: Record<string, EditedField>;
  /** Set once management resolved it; the record stays. */
  resolved_at?: string;
  resolved_by?: string;
  resolved_alias?: string;
  /** How an edit was resolved: its fields applied, or the current values kept. */
  resolution?: 'applied' | 'kept';
}

/** A job with its counts (docs/PRODUCT.md §3). */
export interface Job {
  id: string;
  name: string;
  note: string;
  status: JobStatus;
  manager: string | null;
  managerAlias: string;
  locked: boolean;
  locked_by: string | null;
  locked_alias: string;
  locked_at: string | null;
  conflicts: JobConflict[];
  project: string;
  projectName: string;
  organisation: string;
  companyName: string;
  tree_count: number;
  group_count: number;
  action_count: number;
  action_done: number;
  check_count: number;
  version: number;
  created_at: string;
  /** Only in GET /api/management/job-list. */
  role?: JobRole;
}

/** One object of a job: a tree or group, or one of its works (`action` set). */
export interface JobItem {
  tree: string;
  number: number;
  number_text: string;
  single_tree: boolean;
  species_botanical: string;
  species_language: string;
  action: string | null;
  action_name: string;
  deadline: string | null;
  execute_timestamp: string | null;
  check_timestamp: string | null;
}

export type ParticipantRole = 'editor' | 'care' | 'reader';

/** A participant, or an invited address without an account yet (`pending`). */
export interface Participant {
  userId: string | null;
  email: string;
  alias: string;
  role: ParticipantRole;
  pending: boolean;
}

/** Objects for a job: trees and groups by id, works by id, or a filter. */
export interface JobSelection {
  ids?: string[];
  actions?: string[];
  filter?: unknown;
}

/** Another unfinished job that already holds some of a selection. */
export interface JobOverlap {
  job: string;
  name: string;
  status: JobStatus;
  objects: number;
}

/** The answer of the job content calls. */
export interface JobContentAnswer {
  job: Job;
  changed: number;
}
