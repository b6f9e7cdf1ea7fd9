import { useCrumbLabels } from '@/lib/crumbs';
import { useMatches } from 'react-router';
import type { RouteHandle } from '@/lib/routeHandle';

/** The i18n key of the deepest route title. */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.title) return h.title;
  }
  return undefined;
}

export interface Crumb {
  key: string;
  to: string;
  /** An object's name, shown instead of the key once known. */
  label?: string;
}

export function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const labels = useCrumbLabels();
  const crumbs: Crumb[] = [];
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    const to = m.pathname.length > 1 ? m.pathname.replace(/\/$/, '') : m.pathname;
    if (h?.crumb && !crumbs.some((c) => c.to === to))
      crumbs.push({ key: h.crumb, to, label: h.named ? labels[to] : undefined });
  }
  return crumbs;
}
