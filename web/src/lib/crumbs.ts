import { useEffect, useSyncExternalStore } from 'react';

/**
 * Names of objects for the breadcrumbs (an organisation's or project's name), by the path of the
 * route they label. A page that loads the object sets its name; the header shows it.
 */
let labels: Record<string, string> = {};
const listeners = new Set<() => void>();

export function setCrumbLabel(path: string, label: string | undefined) {
  if (labels[path] === label) return;
  labels = { ...labels };
  if (label === undefined) delete labels[path];
  else labels[path] = label;
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useCrumbLabels(): Record<string, string> {
  return useSyncExternalStore(
    subscribe,
    () => labels,
    () => labels,
  );
}

/** Labels the breadcrumb of `path` while the calling component is mounted. */
export function useCrumbLabel(path: string, label: string | undefined) {
  useEffect(() => {
    setCrumbLabel(path, label);
  }, [path, label]);
  useEffect(() => () => setCrumbLabel(path, undefined), [path]);
}
