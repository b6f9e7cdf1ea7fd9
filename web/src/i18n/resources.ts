import en from './en.json';
import de from './de.json';
import fr from './fr.json';

export type Messages = { [key: string]: string | Messages };

export const LANGUAGES = ['en', 'de', 'fr'] as const;

// Each feature may keep its own messages in src/features/<area>/locales/<lng>.json, under
// top-level keys of its own, so that features grow without editing one shared file.
const featureFiles = import.meta.glob<Messages>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

/** Copies `from` into `into`; a key both define is an error, not a silent override. */
export function mergeMessages(into: Messages, from: Messages, where: string): Messages {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (have === undefined) into[k] = typeof v === 'string' ? v : mergeMessages({}, v, `${where}.${k}`);
    else if (typeof have === 'string' || typeof v === 'string') throw new Error(`i18n: ${where}.${k} is defined twice`);
    else mergeMessages(have, v, `${where}.${k}`);
  }
  return into;
}

/** The feature locale files by language: path → messages. */
export function featureLocales(): Record<string, Record<string, Messages>> {
  const out: Record<string, Record<string, Messages>> = {};
  for (const [path, messages] of Object.entries(featureFiles)) {
    const lng = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    (out[lng] ??= {})[path] = messages;
  }
  return out;
}

/** The messages of each language: the shared file with every feature's own on top. */
export function buildResources(): Record<string, { translation: Messages }> {
  const base: Record<string, Messages> = { en, de, fr };
  const features = featureLocales();
  const out: Record<string, { translation: Messages }> = {};
  for (const lng of LANGUAGES) {
    const all = mergeMessages({}, base[lng], lng);
    for (const [path, m] of Object.entries(features[lng] ?? {})) mergeMessages(all, m, path);
    out[lng] = { translation: all };
  }
  return out;
}
