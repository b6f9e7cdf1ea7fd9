import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ProjectSettings } from '@/api/projects/settings';
import type { ContentLists } from '@/api/trees/types';
import { emptyValue, formatDecimal, historyFieldName, historyValueKind } from './tree';
import { enumLabel, speciesLabel } from './options';
import { formatDate, formatDateTime } from './format';

/**
 * How a changed field reads to people: its label (a custom field's alias, the shared tree field
 * names) and its value (enumerations, species and works by name, dates, lists). Used by the
 * history and by the job's kept edits.
 */
export function useFieldFormatter(lists: ContentLists | undefined, settings: ProjectSettings | undefined) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const species = new Map((lists?.species ?? []).map((e) => [e.id, speciesLabel(e)]));
    const works = new Map((lists?.work ?? []).map((e) => [e.id, e.name]));
    const label = (field: string): string => {
      const name = historyFieldName(field);
      if (/^general\d\d$/.test(name)) {
        return settings?.custom_fields?.[name]?.alias || t('customFields.field', { n: name.slice(7) });
      }
      if (i18n.exists(`treeFields.${name}`)) return t(`treeFields.${name}`);
      if (i18n.exists(`trees.history.fields.${name}`)) return t(`trees.history.fields.${name}`);
      return name;
    };
    const value = (field: string, v: unknown): string => {
      if (emptyValue(v)) return '—';
      const name = historyFieldName(field);
      switch (historyValueKind(field)) {
        case 'enum':
          return enumLabel(t as TFunction, name, v as number);
        case 'safety':
          return t(`trees.safety.${v}`);
        case 'bool':
          return v ? t('trees.history.yes') : t('trees.history.no');
        case 'date':
          return formatDate(String(v), i18n.language);
        case 'datetime':
          return formatDateTime(String(v), i18n.language);
        case 'list':
          return (v as unknown[]).join(', ');
        case 'species':
          return species.get(String(v)) ?? t('trees.history.unknownEntry');
        case 'work':
          return works.get(String(v)) ?? t('trees.history.unknownEntry');
        case 'geom':
          return t('trees.history.geom');
        default:
          return typeof v === 'number' ? formatDecimal(v, i18n.language) : String(v);
      }
    };
    return { label, value };
  }, [lists, settings, t, i18n]);
}
