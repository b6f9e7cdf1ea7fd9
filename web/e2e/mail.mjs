// Reads the e-mails the server writes to ARBOR_OUTBOX (one .eml file each).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Decodes quoted-printable text: soft line breaks and =XX escapes (UTF-8). */
export function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function headerValue(raw, name) {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const m = head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'));
  return m ? m[1] : '';
}

/** The decoded text of a message: quoted-printable and base64 parts decoded. */
export function messageText(raw) {
  // Decoded parts first, the raw text last (a raw quoted-printable link is broken by soft line breaks).
  let out = '';
  if (/quoted-printable/i.test(raw)) out += decodeQuotedPrintable(raw) + '\n';
  for (const m of raw.matchAll(
    /Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    out += Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8') + '\n';
  }
  out += raw;
  return out.replace(/&amp;/g, '&');
}

/**
 * Waits for the newest e-mail to `to` whose text holds a link to `path` (e.g. "/confirm") and
 * returns that link's path and query.
 */
export async function waitForLink(outbox, to, path, { timeout = 15000, after = 0 } = {}) {
  const deadline = Date.now() + timeout;
  // A link with its query (a token, an address) or, like /invitations, without one.
  const re = new RegExp(`https?://[^\\s"'<>]+?(${path.replace(/[/]/g, '\\/')}(?:\\?[^\\s"'<>]+)?)(?=[\\s"'<>]|$)`);
  while (Date.now() < deadline) {
    let files = [];
    try {
      files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    } catch {
      /* not there yet */
    }
    const withTimes = await Promise.all(files.map(async (f) => ({ f, t: (await stat(join(outbox, f))).mtimeMs })));
    withTimes.sort((a, b) => b.t - a.t);
    for (const { f, t } of withTimes) {
      if (t < after) continue;
      const raw = await readFile(join(outbox, f), 'utf8');
      if (!headerValue(raw, 'To').toLowerCase().includes(to.toLowerCase())) continue;
      const m = messageText(raw).match(re);
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} with a ${path} link in ${outbox} within ${timeout} ms`);
}
