import type { TFunction } from 'i18next';
import type { NewsItem } from './api/types';

/** The sentence of a news item: who did what to which object, in the user's language. */
export function newsText(n: NewsItem, t: TFunction): string {
  const number = n.number_text || (n.number ?? null);
  const object = number === null ? t('dashboard.news.unknownObject') : t('dashboard.news.object', { number });
  const who = n.alias?.trim() || t('dashboard.news.someone');
  const field = n.field ? t(`treeFields.${n.field}`, { defaultValue: n.field.replace(/_/g, ' ') }) : '';
  const op =
    n.entity === 'action' && n.op === 'update' && n.field === 'execute_timestamp' && n.new_value ? 'completed' : n.op;
  return t(`dashboard.news.${n.entity}.${op}`, { who, object, field });
}
