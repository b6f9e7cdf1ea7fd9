import type { TFunction } from 'i18next';
import type { NewsItem } from './api/types';

/** A news entry as shown: one change of one object, which may have touched several fields. */
export interface NewsEntry extends NewsItem {
  fields: string[];
  completed: boolean;
}

/**
 * Folds the history rows of one change into one entry. A change is the rows of one transaction
 * (the same time) on one object: the fields a person saved together, the fields a completed
 * work stamps, the assessment an inspection copies onto its tree (the inspection says it all).
 * The items come newest first, rows of one change next to each other.
 */
export function mergeNews(items: NewsItem[]): NewsEntry[] {
  const out: NewsEntry[] = [];
  const groups = new Map<string, NewsItem[]>();
  const order: string[] = [];
  for (const n of items) {
    const k = `${n.at}|${n.object}`;
    if (!groups.has(k)) {
      groups.set(k, []);
      order.push(k);
    }
    groups.get(k)!.push(n);
  }
  for (const k of order) {
    const rows = groups.get(k)!;
    const check = rows.find((n) => n.entity === 'check' && n.op === 'insert');
    // One entry per entity and operation of the change, the inspection standing for its effects.
    const seen = new Map<string, NewsEntry>();
    for (const n of check ? [check] : rows) {
      const key = `${n.entity}|${n.op}`;
      let e = seen.get(key);
      if (!e) {
        e = { ...n, fields: [], completed: false };
        seen.set(key, e);
        out.push(e);
      }
      if (n.field && !e.fields.includes(n.field)) e.fields.push(n.field);
      if (n.entity === 'action' && n.field === 'execute_timestamp' && n.new_value) e.completed = true;
    }
  }
  return out;
}

/** The sentence of a news entry: who did what to which object, in the user's language. */
export function newsText(n: NewsEntry, t: TFunction): string {
  const number = n.number_text || (n.number ?? null);
  const object = number === null ? t('dashboard.news.unknownObject') : t('dashboard.news.object', { number });
  const who = n.alias?.trim() || t('dashboard.news.someone');
  const field = n.fields
    .map((f) => t('dashboard.news.field', { field: t(`treeFields.${f}`, { defaultValue: f.replace(/_/g, ' ') }) }))
    .join(', ');
  const op = n.entity === 'action' && n.op === 'update' && n.completed ? 'completed' : n.op;
  return t(`dashboard.news.${n.entity}.${op}`, { who, object, field });
}
