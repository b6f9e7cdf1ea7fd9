/** The value lists of an organisation (docs/PRODUCT.md §3 "Lists"): their entries and the helpers of the lists page. */
import type { ContentListEntry } from '@/api/trees/types';

export const LIST_NAMES = ['species', 'work', 'work_note', 'symptom', 'symptom_note'] as const;
export type ListName = (typeof LIST_NAMES)[number];

export const isListName = (v: string | null | undefined): v is ListName =>
  !!v && (LIST_NAMES as readonly string[]).includes(v);

export const WORK_CATEGORIES = [
  'pruning',
  'securing',
  'felling',
  'investigation',
  'planting',
  'site',
  'other',
] as const;
export const SYMPTOM_TYPES = ['root', 'trunk', 'crown'] as const;
/** 1 detailed investigation (doubtful), 2 restorable, 3 felling (not safe). */
export const ACTION_SECURITY = [1, 2, 3] as const;

/** An entry of a value list as the lists page gets it: an entry as forms read it, and its list. */
export interface ListEntry extends ContentListEntry {
  list: ListName;
}

export interface NewListEntry {
  name: string;
  botanical?: string;
  protection?: boolean;
  category?: string;
  security_relevance?: boolean;
  action_security?: number;
  symptom_type?: string;
  note?: string;
  parent?: string;
}

export interface ListAnswer<T> {
  items: T[];
  total: number;
}

export interface AddedEntries {
  added: ListEntry[];
  existing: string[];
}

/** The list whose entries a note list hangs under. */
export const parentList = (list: ListName): ListName | null =>
  list === 'work_note' ? 'work' : list === 'symptom_note' ? 'symptom' : null;

const fold = (s: string) =>
  s
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * The entries that match a search (name, botanical name, note or parent name, without regard to
 * case or accents), own entries first when `ownFirst`.
 */
export function filterEntries(
  entries: ListEntry[],
  query: string,
  parentName: (id: string | null) => string = () => '',
  ownFirst = false,
): ListEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const out = words.length
    ? entries.filter((e) => {
        const text = fold([e.name, e.botanical, e.note, e.category, parentName(e.parent)].join(' '));
        return words.every((w) => text.includes(w));
      })
    : entries.slice();
  if (ownFirst) out.sort((a, b) => Number(a.global) - Number(b.global));
  return out;
}

/** The entry to send for a form's values: only the fields of its list. */
export function entryFor(list: ListName, v: Required<NewListEntry>): NewListEntry {
  switch (list) {
    case 'species':
      return { name: v.name.trim() || v.botanical.trim(), botanical: v.botanical.trim(), protection: v.protection };
    case 'work':
      return {
        name: v.name.trim(),
        category: v.category,
        security_relevance: v.security_relevance,
        action_security: v.action_security,
      };
    case 'symptom':
      return { name: v.name.trim(), symptom_type: v.symptom_type, note: v.note.trim() };
    default:
      return { name: v.name.trim(), parent: v.parent };
  }
}
