import type { TFunction } from 'i18next';

/** Select options for codes whose names are the texts `prefix.code`. */
export function labelledOptions(t: TFunction, prefix: string, codes: readonly (string | number)[]) {
  return codes.map((c) => ({ value: String(c), label: t(`${prefix}.${c}`) }));
}
