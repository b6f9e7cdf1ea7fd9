import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources } from './resources';

describe('counts in messages', () => {
  it('are grouped by the language’s rules, and still choose the plural form', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: buildResources(),
      lng: 'de',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('data.archive.viewArchive', { count: 18697 })).toBe('Alle 18.697 dieser Ansicht archivieren…');
    expect(i18n.t('data.selection.capped', { count: 10000, total: 18697 })).toContain('10.000');
    await i18n.changeLanguage('en');
    expect(i18n.t('data.archive.viewArchive', { count: 18697 })).toBe('Archive all 18,697 of this view…');
    expect(i18n.t('data.archive.archived', { count: 1 })).toBe('1 object archived.');
    expect(i18n.t('data.archive.archived', { count: 2500 })).toBe('2,500 objects archived.');
  });
});
