/**
 * The Markdown the operator writes for the legal pages (README.md "Legal texts"), read into blocks
 * that React renders as elements: no HTML of the text ever reaches the page, so nothing in it can
 * run. The subset: headings (#, ##, ###), paragraphs (a single line break is kept), lists (- or *,
 * and 1.), quotes (>), **bold**, *italic* and [links](https://…) to http(s), mailto and tel
 * addresses or paths of this site; anything else is shown as the text it is.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'br' };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'quote'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/** Whether a link's address may be followed: web, mail and phone addresses and paths of this site. */
export function safeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) || (href.startsWith('/') && !href.startsWith('//'));
}

const INLINE = /\*\*(.+?)\*\*|__(.+?)__|\[([^\]]+)\]\(([^)\s]+)\)|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_/;

/** Reads a line's inline marks. */
export function inline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ type: 'text', text: rest.slice(0, m.index) });
    if (m[1] !== undefined || m[2] !== undefined) {
      out.push({ type: 'strong', children: inline(m[1] ?? m[2]) });
    } else if (m[3] !== undefined) {
      const href = m[4];
      if (safeHref(href)) out.push({ type: 'link', href, children: inline(m[3]) });
      else out.push({ type: 'text', text: m[3] });
    } else {
      out.push({ type: 'em', children: inline(m[5] ?? m[6]) });
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

function lines(texts: string[]): Inline[] {
  const out: Inline[] = [];
  texts.forEach((t, i) => {
    if (i > 0) out.push({ type: 'br' });
    out.push(...inline(t));
  });
  return out;
}

const BULLET = /^[-*+]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;

/** Reads a Markdown text into blocks. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let quote: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (para.length) blocks.push({ type: 'paragraph', children: lines(para) });
    if (quote.length) blocks.push({ type: 'quote', children: lines(quote) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map((i) => inline(i)) });
    para = [];
    quote = [];
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      const level = Math.min(heading[1].length, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, children: inline(heading[2]) });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (para.length || quote.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (line.startsWith('>')) {
      if (para.length || list) flush();
      quote.push(line.replace(/^>\s?/, ''));
    } else if (list && /^\s{2,}/.test(raw)) {
      list.items[list.items.length - 1] += ' ' + line; // a list item's continued line
    } else {
      if (quote.length || list) flush();
      para.push(line);
    }
  }
  flush();
  return blocks;
}
