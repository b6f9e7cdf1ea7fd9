import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Finding } from '@/api/trees/types';

/** Where and how severe, by symptom; a symptom without an entry is recorded as not said. */
export type FindingDetails = Record<string, Omit<Finding, 'symptom'>>;

export interface FindingsProps {
  symptoms: string[];
  details: FindingDetails;
  onChange: (details: FindingDetails) => void;
}

/** A row per symptom found: in which part of the tree, and how severe. */
export function Findings({ symptoms, details, onChange }: FindingsProps) {
  const { t } = useTranslation();
  if (symptoms.length === 0) return null;
  return (
    <Stack gap={6} data-testid="check-findings">
      {symptoms.map((sym) => {
        const d = details[sym] ?? { part: '', severity: 0 };
        const set = (next: Partial<Omit<Finding, 'symptom'>>) => onChange({ ...details, [sym]: { ...d, ...next } });
        return (
          <Paper key={sym} withBorder radius="sm" px="sm" py={6} data-testid="check-finding" data-symptom={sym}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={500} style={{ minWidth: 0, flex: '1 1 120px' }}>
                {sym}
              </Text>
              <Group gap={6} wrap="wrap">
                <SegmentedControl
                  size="xs"
                  aria-label={t('trees.rating.partOf', { symptom: sym })}
                  data={(['root', 'trunk', 'crown'] as const).map((k) => ({
                    value: k,
                    label: t(`trees.rating.parts.${k}`),
                  }))}
                  value={d.part}
                  onChange={(v) => set({ part: v as Finding['part'] })}
                  data-testid="finding-part"
                />
                <SegmentedControl
                  size="xs"
                  aria-label={t('trees.rating.severityOf', { symptom: sym })}
                  color={d.severity === 3 ? 'red' : d.severity === 2 ? 'orange' : undefined}
                  data={([1, 2, 3] as const).map((k) => ({
                    value: String(k),
                    label: t(`trees.rating.severities.${k}`),
                  }))}
                  value={d.severity ? String(d.severity) : ''}
                  onChange={(v) => set({ severity: Number(v) as Finding['severity'] })}
                  data-testid="finding-severity"
                />
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
