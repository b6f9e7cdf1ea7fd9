import type { ReactNode } from 'react';
import { Alert, Group, Stack, Stepper } from '@mantine/core';

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
  return (
    <div data-testid={testId} data-step={step}>
      <Stepper active={active} size="sm" allowNextStepsSelect={false} onStepClick={onStepClick} mb="lg">
        {steps.map((s) => (
          <Stepper.Step key={s.label} label={s.label} data-testid={s.testId} />
        ))}
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
