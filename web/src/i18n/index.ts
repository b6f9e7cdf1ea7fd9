import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources } from './resources';
import { detectLanguage, toLanguage, type Language } from './detect';

export const LANGUAGE_KEY = 'arbor_language';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

const initial = detectLanguage({
  stored: storedLanguage(),
  navigatorLanguages: typeof navigator !== 'undefined' ? navigator.languages : [],
});

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: ['en', 'de', 'fr'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
document.documentElement.lang = initial;

/** Switch the UI language and remember it on this device. */
export function setLanguage(lng: string) {
  const l = toLanguage(lng);
  if (!l) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, l);
  } catch {
    /* private mode */
  }
  if (i18n.language !== l) void i18n.changeLanguage(l);
}

export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? 'en';
}

export default i18n;
