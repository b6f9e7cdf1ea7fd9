export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Normalises a language tag such as "de-AT" to a supported language, or undefined. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/**
 * The UI language: the logged-in user's setting, else a language the guest chose on this device,
 * else the first supported browser language, else English.
 */
export function detectLanguage(opts: {
  userLanguage?: string | null;
  stored?: string | null;
  navigatorLanguages?: readonly string[];
}): Language {
  const fromUser = toLanguage(opts.userLanguage);
  if (fromUser) return fromUser;
  const fromStore = toLanguage(opts.stored);
  if (fromStore) return fromStore;
  for (const tag of opts.navigatorLanguages ?? []) {
    const l = toLanguage(tag);
    if (l) return l;
  }
  return DEFAULT_LANGUAGE;
}
