export const MIN_PASSWORD_LENGTH = 8;
export const MAX_STRENGTH = 6;

/**
 * Password strength on a scale of 1 (very weak) to 6 (very strong); 0 for an empty password.
 * One level for any input, one each for ≥ 8 and ≥ 12 characters, mixed case, a digit and a symbol.
 * A password shorter than the minimum length never rises above level 2.
 */
export function passwordStrength(password: string): number {
  if (!password) return 0;
  let level = 1;
  if (password.length >= MIN_PASSWORD_LENGTH) level++;
  if (password.length >= 12) level++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) level++;
  if (/\d/.test(password)) level++;
  if (/[^A-Za-z0-9]/.test(password)) level++;
  if (password.length < MIN_PASSWORD_LENGTH) level = Math.min(level, 2);
  return Math.min(level, MAX_STRENGTH);
}

export function strengthColor(level: number): string {
  return ['gray', 'red', 'orange', 'yellow', 'lime', 'green', 'teal'][level] ?? 'gray';
}
