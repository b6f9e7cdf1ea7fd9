/**
 * The colours of safety, vitality, damage, development, deadline and inspection classes: the
 * map's themes (styles/themes.json, the file the server builds its map styles from), so a class
 * looks the same on the map and on a dashboard, in light and in dark.
 */
import themes from '../../../../styles/themes.json';

export type Scheme = 'light' | 'dark';
export type ThemeId = 'safety' | 'vitality' | 'damage' | 'development' | 'deadline' | 'inspection';

/** The colour of a class value of a theme ("none" or an unknown value: the map's colour of no value). */
export function classColor(theme: ThemeId, value: string | number, scheme: Scheme): string {
  const t = themes.themes.find((x) => x.id === theme);
  const c =
    t?.classes.find((x) => String(x.value) === String(value)) ??
    (t && 'assessment' in t ? t.assessment?.classes.find((x) => x.key === value) : undefined);
  return c ? c[scheme] : themes.schemes[scheme].none;
}

/** The colour of "nothing" (no value, an open part of a whole). */
export function noneColor(scheme: Scheme): string {
  return themes.schemes[scheme].none;
}
