import type { ReactNode } from 'react';
import { Alert, Group, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export interface WizardStep {
  label: string;
  testId?: string;
}

/**
 * The frame of a wizard in a modal: the stepper, the error (if any), the step's content, then the
 * foot — back (or cancel) on the left, the step's buttons on the right. testId and step name the
 * frame for tests (`data-testid`, `data-step`).
 */
export function WizardFrame({
  steps,
  active,
  onStepClick,
  error,
  errorTestId,
  back,
  actions,
  testId,
  step,
  children,
}: {
  steps: WizardStep[];
  active: number;
  onStepClick?: (step: number) => void;
  error?: ReactNode;
  errorTestId?: string;
  back?: ReactNode;
  actions: ReactNode;
  testId?: string;
  step?: string;
  children: ReactNode;
}) {
  // On a phone four labels do not fit in a row (German's least of all): only the current step
  // keeps its label in sight; every step keeps its name for screen readers.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <div data-testid={testId} data-step={step}>
      <Stepper active={active} size="sm" allowNextStepsSelect={false} onStepClick={onStepClick} mb="lg">
        {steps.map((s, i) => {
          const hidden = narrow && i !== active;
          return (
            <Stepper.Step
              key={s.label}
              label={hidden ? undefined : s.label}
              // The name begins with what the step shows (its number), as speech input users say it.
              aria-label={hidden ? `${i + 1} ${s.label}` : undefined}
              data-testid={s.testId}
            />
          );
        })}
      </Stepper>
      <Stack gap="md">
        {error && (
          <Alert color="red" data-testid={errorTestId}>
            {error}
          </Alert>
        )}
        {children}
        <Group justify="space-between" mt="sm">
          {back || <span />}
          <Group gap="sm">{actions}</Group>
        </Group>
      </Stack>
    </div>
  );
}
