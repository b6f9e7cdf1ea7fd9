import type { Finding } from '@/api/trees/types';

/**
 * The findings an inspection sends: one per chosen symptom, in the order chosen, with where and how
 * severe as far as the inspector said (a symptom removed again leaves its details behind).
 */
export function findingsOf(symptoms: string[], details: Record<string, Omit<Finding, 'symptom'>>): Finding[] {
  return symptoms.map((symptom) => ({
    symptom,
    part: details[symptom]?.part ?? '',
    severity: details[symptom]?.severity ?? 0,
  }));
}

/** Findings worth a line on the record: those with a place or a severity. */
export const saidFindings = (list: Finding[] | undefined) => (list ?? []).filter((f) => f.part || f.severity);
