import { useSyncExternalStore } from 'react';
import { deleteCookie, getCookie, setCookie } from './cookies';

/** The notification bar under the header: notices and API error messages. */
export type NoticeColor = 'red' | 'yellow' | 'blue' | 'green';
export interface Notice {
  id: number;
  message: string;
  color: NoticeColor;
}

export const DISMISS_COOKIE = 'arbor_notice_dismissed';

let current: Notice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function key(message: string): string {
  let h = 0;
  for (let i = 0; i < message.length; i++) h = (Math.imul(31, h) + message.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

function isDismissed(message: string): boolean {
  const dismissed = getCookie(DISMISS_COOKIE);
  return !!dismissed && dismissed.split('.').includes(key(message));
}

export function showNotice(message: string, color: NoticeColor = 'red') {
  if (!message || isDismissed(message)) return;
  current = { id: nextId++, message, color };
  emit();
}

export function dismissNotice() {
  if (!current) return;
  const dismissed = getCookie(DISMISS_COOKIE);
  const keys = new Set(dismissed ? dismissed.split('.') : []);
  keys.add(key(current.message));
  setCookie(DISMISS_COOKIE, [...keys].join('.'));
  current = null;
  emit();
}

/** On every route change: forget the message and the dismissals. */
export function resetNotices() {
  deleteCookie(DISMISS_COOKIE);
  if (current) {
    current = null;
    emit();
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
