import type { TFunction } from 'i18next';
import type { Package } from '../api/packages';

/** What people read of a package: "2,500 trees", "Photo storage +10 GB", an add-on's name. */
export function packageTitle(t: TFunction, p: Pick<Package, 'id' | 'kind' | 'trees'>): string {
  if (p.kind === 'trees') return t('packages.treesTitle', { count: p.trees ?? 0 });
  return t(`packages.names.${p.id}`);
}
