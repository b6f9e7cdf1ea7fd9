/** Comma-separated e-mail lists (docs/PRODUCT.md §5: sharing, job assignment, adding administrators). */

const EMAIL = /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()".]{2,}$/;

export interface EmailList {
  /** The addresses in order, trimmed, without blanks and repeats (case-insensitive). */
  emails: string[];
  /** The entries that are not e-mail addresses. */
  invalid: string[];
}

/** Splits a comma-separated list the way the server does; semicolons and line breaks count as commas. */
export function parseEmailList(text: string): EmailList {
  const seen = new Set<string>();
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const e = part.trim();
    if (!e || seen.has(e.toLowerCase())) continue;
    seen.add(e.toLowerCase());
    if (EMAIL.test(e) && e.length <= 254) emails.push(e);
    else invalid.push(e);
  }
  return { emails, invalid };
}

/** The list as the server expects it: "a@x.org, b@y.org". */
export function joinEmails(emails: string[]): string {
  return emails.join(', ');
}

export type EmailListProblem = 'empty' | 'invalid' | null;

/** What is wrong with a list a person typed, if anything. */
export function emailListProblem(text: string): { problem: EmailListProblem; invalid: string[] } {
  const { emails, invalid } = parseEmailList(text);
  if (invalid.length) return { problem: 'invalid', invalid };
  if (!emails.length) return { problem: 'empty', invalid };
  return { problem: null, invalid };
}
