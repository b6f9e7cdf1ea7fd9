import { describe, expect, it } from 'vitest';
import { colorStops, legendOf, styleZooms } from './legend';

const style = {
  version: 8,
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#eee' } },
    {
      id: 'groups-line',
      type: 'line',
      metadata: { 'arbor:legend-item': 'map.legend.group' },
      paint: { 'line-color': ['case', ['boolean', ['feature-state', 'selected'], false], '#00f', '#3b5f49'] },
    },
    {
      id: 'works',
      type: 'circle',
      metadata: { 'arbor:legend-item': 'map.legend.work' },
      paint: { 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#c2255c' },
    },
    {
      id: 'trees',
      type: 'circle',
      metadata: {
        'arbor:legend': {
          theme: 'safety',
          title: 'map.themes.safety',
          labels: { '0': 'map.classes.safety.0', '1': 'map.classes.safety.1' },
        },
      },
      paint: { 'circle-color': ['match', ['coalesce', ['get', 'safety'], -1], 0, '#2f9e44', 1, '#f0b400', '#999'] },
    },
  ],
};

describe('legendOf', () => {
  it('reads the classes from the colour expression and the labels from the metadata', () => {
    const l = legendOf(style)!;
    expect(l.theme).toBe('safety');
    expect(l.title).toBe('map.themes.safety');
    expect(l.entries).toEqual([
      { value: '0', label: 'map.classes.safety.0', color: '#2f9e44' },
      { value: '1', label: 'map.classes.safety.1', color: '#f0b400' },
    ]);
    expect(l.fallback).toBe('#999');
    expect(l.items).toEqual([
      { label: 'map.legend.group', kind: 'line', color: '#3b5f49' },
      { label: 'map.legend.work', kind: 'ring', color: '#c2255c' },
    ]);
  });

  it('answers nothing for a style without a legend layer', () => {
    expect(legendOf({ layers: [] })).toBeUndefined();
    expect(legendOf(undefined)).toBeUndefined();
  });
});

describe('colorStops', () => {
  it('reads match with several labels per colour', () => {
    expect(colorStops(['match', ['get', 'x'], [1, 2], '#a', 3, '#b', '#c'])).toEqual({
      stops: [
        ['1', '#a'],
        ['2', '#a'],
        ['3', '#b'],
      ],
      fallback: '#c',
    });
  });
  it('reads step', () => {
    expect(colorStops(['step', ['get', 'x'], '#a', 10, '#b']).stops).toEqual([
      ['-Infinity', '#a'],
      ['10', '#b'],
    ]);
  });
});

describe('styleZooms', () => {
  it('reads the detail and label zooms from the style metadata', () => {
    expect(styleZooms({ metadata: { 'arbor:detail_zoom': 14, 'arbor:label_minzoom': 17 } })).toEqual({
      detail: 14,
      labels: 17,
    });
  });
  it('takes a style without them as having no grid', () => {
    expect(styleZooms({ metadata: { 'arbor:detail_zoom': 'x' } })).toEqual({ detail: 0, labels: 0 });
    expect(styleZooms(undefined)).toEqual({ detail: 0, labels: 0 });
  });
});
