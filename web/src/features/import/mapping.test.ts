import { describe, expect, it } from 'vitest';
import { frameOf, mappingGap, problemsCSV, setTarget } from './mapping';
import type { SampleFeature } from './api/types';

describe('import mapping', () => {
  it('maps a target to one column only', () => {
    const m = setTarget([{ target: 'number' }, { target: '' }, { target: 'height', unit: 'cm' }], 1, 'number');
    expect(m).toEqual([{ target: '' }, { target: 'number' }, { target: 'height', unit: 'cm' }]);
    // Leaving a column out frees nothing else; a new target drops the old unit.
    expect(setTarget(m, 2, 'scope')).toEqual([{ target: '' }, { target: 'number' }, { target: 'scope' }]);
    expect(setTarget(m, 1, '')).toEqual([{ target: '' }, { target: '' }, { target: 'height', unit: 'cm' }]);
  });

  it('asks for a place unless the file has geometry', () => {
    expect(mappingGap([{ target: 'x' }, { target: 'number' }], false)).toBe('import.columns.needPlace');
    expect(mappingGap([{ target: 'x' }, { target: 'y' }], false)).toBeNull();
    expect(mappingGap([{ target: 'wkt' }], false)).toBeNull();
    expect(mappingGap([{ target: 'number' }], true)).toBeNull();
    // A file that updates objects may leave their places; its match key needs its column.
    expect(mappingGap([{ target: 'number' }], false, 'number')).toBeNull();
    expect(mappingGap([{ target: 'number' }], false, 'external_id')).toBe('import.match.needColumn');
    expect(mappingGap([{ target: 'height' }], false, 'number')).toBe('import.match.needNumber');
  });

  it('writes the problems as a CSV a spreadsheet opens, formulas kept as text', () => {
    const csv = problemsCSV(
      [
        { line: 3, column: 'Höhe', key: 'import.not_a_number', message: 'Keine Zahl.', value: 'hoch' },
        { line: 7, column: 'Art', key: 'x', message: 'Say "no"; twice', value: '=HYPERLINK("x")' },
      ],
      ['Zeile', 'Spalte', 'Problem', 'Wert'],
    );
    expect(csv).toBe(
      '\ufeffZeile;Spalte;Problem;Wert\r\n3;Höhe;Keine Zahl.;hoch\r\n7;Art;"Say ""no""; twice";"\'=HYPERLINK(""x"")"\r\n',
    );
  });

  it('frames the first objects with the scale of their latitude', () => {
    const pt = (x: number, y: number, line: number): SampleFeature => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [x, y] },
      properties: { line, number: line },
    });
    const f = frameOf([pt(9.4, 54.7, 1), pt(9.5, 54.8, 2)], 640, 260)!;
    const [a, b] = [f.project([9.4, 54.7]), f.project([9.5, 54.8])];
    // North is up, east is right, and a degree of longitude is shorter than one of latitude.
    expect(b[0]).toBeGreaterThan(a[0]);
    expect(b[1]).toBeLessThan(a[1]);
    expect((b[0] - a[0]) / (a[1] - b[1])).toBeCloseTo(Math.cos((54.75 * Math.PI) / 180), 5);
    for (const [x, y] of [a, b]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(f.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(f.height);
    }
    expect(frameOf([], 640, 260)).toBeNull();
  });
});
