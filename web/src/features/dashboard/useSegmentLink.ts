import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { dataViewPath, segmentFilter, type Card } from './filters';

/** Opens the project's data view filtered to a segment of a card (within a job when given). */
export function useSegmentLink(projectId: string, job?: string) {
  const navigate = useNavigate();
  return useCallback(
    (card: Card, key: string) => navigate(dataViewPath(projectId, segmentFilter(card, key, { job }))),
    [navigate, projectId, job],
  );
}
