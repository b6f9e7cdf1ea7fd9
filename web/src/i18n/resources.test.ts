import { describe, expect, it } from 'vitest';
import { buildResources, featureLocales, LANGUAGES, mergeMessages, type Messages } from './resources';

function keys(m: Messages, prefix = ''): string[] {
  return Object.entries(m).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

describe('i18n resources', () => {
  it('merges nested messages and refuses a key defined twice', () => {
    const into: Messages = { a: { b: 'B' } };
    mergeMessages(into, { a: { c: 'C' }, d: 'D' }, 'x');
    expect(into).toEqual({ a: { b: 'B', c: 'C' }, d: 'D' });
    expect(() => mergeMessages(into, { a: { b: 'other' } }, 'x')).toThrow('x.a.b is defined twice');
  });

  it('builds every language, and each feature file has the same keys in every language', () => {
    const res = buildResources();
    for (const lng of LANGUAGES) expect(Object.keys(res[lng].translation).length).toBeGreaterThan(10);
    const byLng = featureLocales();
    const en = byLng.en ?? {};
    for (const [path, messages] of Object.entries(en)) {
      for (const lng of LANGUAGES) {
        const other = byLng[lng]?.[path.replace(/en\.json$/, `${lng}.json`)];
        expect(other, `${path} has no ${lng} file`).toBeDefined();
        expect(keys(other!).sort(), `${lng} of ${path}`).toEqual(keys(messages).sort());
      }
    }
  });

  it('uses no HTML void element as a Trans tag (its text would be dropped)', () => {
    const res = buildResources();
    const voids = /<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)>/;
    for (const lng of LANGUAGES) {
      const strings = (function flat(m: Messages): string[] {
        return Object.values(m).flatMap((v) => (typeof v === 'string' ? [v] : flat(v)));
      })(res[lng].translation as Messages);
      const bad = strings.filter((v) => voids.test(v));
      expect(bad, lng).toEqual([]);
    }
  });
});
