import { useOutletContext } from 'react-router';
import type { Project } from '@/api/projects/types';

/** The project that the project layout (features/projects ProjectLayout) entered and loaded for its pages. */
export function useProjectContext() {
  return useOutletContext<{ project: Project }>();
}
