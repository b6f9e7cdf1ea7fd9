import { describe, expect, it } from 'vitest';
import { entryFor, filterEntries, isListName, parentList, type ListEntry } from './lists';

const entry = (p: Partial<ListEntry>): ListEntry => ({
  id: p.name ?? 'x',
  list: 'species',
  name: '',
  botanical: '',
  protection: false,
  category: '',
  security_relevance: false,
  action_security: 2,
  symptom_type: '',
  note: '',
  parent: null,
  global: true,
  ...p,
});

describe('value lists', () => {
  const species = [
    entry({ name: 'Winter-Linde', botanical: 'Tilia cordata' }),
    entry({ name: 'Spitz-Ahorn', botanical: 'Acer platanoides' }),
    entry({ name: 'Zierapfel', botanical: "Malus 'Evereste'", global: false }),
  ];

  it('searches names and botanical names without case or accents, every word', () => {
    expect(filterEntries(species, 'tilia').map((e) => e.name)).toEqual(['Winter-Linde']);
    expect(filterEntries(species, 'AHORN acer').map((e) => e.name)).toEqual(['Spitz-Ahorn']);
    expect(filterEntries(species, '  ')).toHaveLength(3);
    const works = [entry({ name: 'Élagage', list: 'work' })];
    expect(filterEntries(works, 'elag')).toHaveLength(1);
  });

  it('puts own entries first when asked', () => {
    expect(filterEntries(species, '', undefined, true)[0].name).toBe('Zierapfel');
  });

  it('searches notes by the name of their parent', () => {
    const notes = [entry({ name: 'mit Stubbenfräsen', list: 'work_note', parent: 'f' })];
    expect(filterEntries(notes, 'fällung', (id) => (id === 'f' ? 'Fällung' : ''))).toHaveLength(1);
  });

  it('sends only the fields of the list', () => {
    const v = {
      name: ' Kopfbaumschnitt ',
      botanical: '',
      protection: false,
      category: 'pruning',
      security_relevance: true,
      action_security: 2,
      symptom_type: 'root',
      note: '',
      parent: '',
    };
    expect(entryFor('work', v)).toEqual({
      name: 'Kopfbaumschnitt',
      category: 'pruning',
      security_relevance: true,
      action_security: 2,
    });
    expect(entryFor('species', { ...v, name: '', botanical: 'Tilia x' })).toEqual({
      name: 'Tilia x',
      botanical: 'Tilia x',
      protection: false,
    });
    expect(entryFor('work_note', { ...v, parent: 'p' })).toEqual({ name: 'Kopfbaumschnitt', parent: 'p' });
  });

  it('knows the lists and their parents', () => {
    expect(isListName('species')).toBe(true);
    expect(isListName('roads')).toBe(false);
    expect(parentList('symptom_note')).toBe('symptom');
    expect(parentList('work')).toBeNull();
  });
});
