import type { ProjectSettings } from '@/api/projects/settings';
import type { ContentLists, Tree } from '@/api/trees/types';
import type { TreePermissions } from '@/lib/trees/tree';

/** What a tab of the info window is given: the object, what the caller may do with it, and the
 * project's settings and value lists. */
export interface TreeTabProps {
  projectId: string;
  tree: Tree;
  perms: TreePermissions;
  settings: ProjectSettings | undefined;
  lists: ContentLists | undefined;
  /** Something of the object changed (for the map to redraw). */
  onChanged?: () => void;
}
