import { describe, expect, it } from 'vitest';
import {
  CUSTOM_FIELDS,
  customFieldsPayload,
  defaultValuesPayload,
  fieldErrorsUnder,
  normaliseCustomFields,
  validInterval,
} from './fields';

describe('project settings helpers', () => {
  it('lists all 19 custom fields', () => {
    expect(CUSTOM_FIELDS).toHaveLength(19);
    expect(CUSTOM_FIELDS).toContain('general13');
    expect(CUSTOM_FIELDS).toContain('general42');
    expect(CUSTOM_FIELDS).not.toContain('general10');
  });

  it('normalises and builds the custom_fields part', () => {
    const fields = normaliseCustomFields({
      general01: {
        alias: ' Owner ',
        active: true,
        type: 'list',
        default_value: '',
        sort: 'manual',
        values: [' a', '', 'b'],
      },
      general02: { alias: 'x', active: false, type: 'text', default_value: '', sort: 'alpha', values: ['stale'] },
    });
    const sent = customFieldsPayload(fields);
    expect(Object.keys(sent)).toHaveLength(19);
    expect(sent.general01).toEqual({
      alias: 'Owner',
      active: true,
      type: 'list',
      default_value: '',
      sort: 'manual',
      values: ['a', 'b'],
    });
    expect(sent.general02.values).toEqual([]);
    expect(sent.general09.active).toBe(false);
  });

  it('sends only default values that are set', () => {
    expect(
      defaultValuesPayload({ species: ' Linde ', height: 12, vitality: 0, diameter: null, general01: '  ' }),
    ).toEqual({
      species: 'Linde',
      height: 12,
      vitality: 0,
    });
  });

  it('checks intervals and maps field errors', () => {
    expect(validInterval(1)).toBe(true);
    expect(validInterval(120)).toBe(true);
    expect(validInterval(0)).toBe(false);
    expect(validInterval(121)).toBe(false);
    expect(validInterval(1.5)).toBe(false);
    expect(validInterval('12')).toBe(false);
    expect(
      fieldErrorsUnder({ 'custom_fields.general02': 'bad', version: 'x', custom_fields: 'y' }, 'custom_fields'),
    ).toEqual({
      general02: 'bad',
      '': 'y',
    });
  });
});
