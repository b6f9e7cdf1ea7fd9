import { describe, expect, it } from 'vitest';
import { inline, parseMarkdown, safeHref } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs with their line breaks, lists and quotes', () => {
    const blocks = parseMarkdown(
      '# Imprint\n\n> SAMPLE\n\n## Provider\n\nExample Ltd.\n1 Sample Street\n\n- **Account data:** name\n- e-mail\n\n1. one\n2. two',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'quote', 'heading', 'paragraph', 'list', 'list']);
    expect(blocks[0]).toEqual({ type: 'heading', level: 1, children: [{ type: 'text', text: 'Imprint' }] });
    expect(blocks[3]).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: 'Example Ltd.' }, { type: 'br' }, { type: 'text', text: '1 Sample Street' }],
    });
    const list = blocks[4];
    expect(list.type === 'list' && list.items.length === 2 && !list.ordered).toBe(true);
    expect(list.type === 'list' && list.items[0][0]).toEqual({
      type: 'strong',
      children: [{ type: 'text', text: 'Account data:' }],
    });
    const ordered = blocks[5];
    expect(ordered.type === 'list' && ordered.ordered).toBe(true);
  });

  it('keeps HTML as text and drops links that could run script', () => {
    const [p] = parseMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(p).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: '<script>alert(1)</script> <img src=x onerror=alert(1)>' }],
    });
    expect(inline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ]);
    expect(inline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(inline('[mail](mailto:info@example.org)')).toEqual([
      { type: 'link', href: 'mailto:info@example.org', children: [{ type: 'text', text: 'mail' }] },
    ]);
  });

  it('allows web, mail, phone and own addresses only', () => {
    expect(safeHref('https://example.org')).toBe(true);
    expect(safeHref('/privacy')).toBe(true);
    expect(safeHref('tel:+4912345')).toBe(true);
    expect(safeHref('//evil.example')).toBe(false);
    expect(safeHref('JavaScript:alert(1)')).toBe(false);
    expect(safeHref('vbscript:x')).toBe(false);
  });
});
