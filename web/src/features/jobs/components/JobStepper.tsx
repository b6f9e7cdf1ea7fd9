import { Box, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from '../job';

/**
 * Where the job stands: open → in progress → completed. A display, not a control (the transitions
 * are the buttons below it), so it is a list with the current step marked and nothing to click.
 */
export function JobStepper({ status }: { status: 0 | 1 | 2 | number }) {
  const { t } = useTranslation();
  const steps = [0, 1, 2] as const;
  return (
    <Box
      component="ol"
      aria-label={t('jobs.transitions.title')}
      data-testid="job-stepper"
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: 8, alignItems: 'flex-start' }}
    >
      {steps.map((s) => {
        const done = s < status;
        const current = s === status;
        return (
          <Box
            component="li"
            key={s}
            aria-current={current ? 'step' : undefined}
            data-state={current ? 'current' : done ? 'done' : 'todo'}
            style={{ display: 'flex', alignItems: 'flex-start', gap: 8, flex: s < 2 ? 1 : undefined, minWidth: 0 }}
          >
            <Stack gap={4} align="center" style={{ minWidth: 0 }}>
              <ThemeIcon
                size={22}
                radius="xl"
                variant={current || done ? 'filled' : 'default'}
                color={current ? STATUS_COLOR[s] : done ? 'arbor' : 'gray'}
                aria-hidden
              >
                {done || (current && s === 2) ? (
                  <IconCheck size={13} />
                ) : (
                  <Text span fz={11} fw={700} c={current ? 'white' : 'dimmed'}>
                    {s + 1}
                  </Text>
                )}
              </ThemeIcon>
              {/* Below the mark, so "In Bearbeitung" may wrap on a phone instead of being cut. */}
              <Text size="xs" ta="center" lh={1.25} fw={current ? 700 : 500} c={current ? undefined : 'dimmed'}>
                {t(`jobs.statuses.${s}`)}
              </Text>
            </Stack>
            {s < 2 && (
              <Box
                aria-hidden
                style={{
                  flex: 1,
                  minWidth: 8,
                  height: 2,
                  marginTop: 10,
                  borderRadius: 1,
                  background: s < status ? 'var(--mantine-color-arbor-6)' : 'var(--arbor-border)',
                }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
