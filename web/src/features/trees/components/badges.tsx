import { Badge, type BadgeProps } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation, IconShieldQuestion, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHECK_CLASS_COLORS, DEADLINE_CLASS_COLORS, SAFETY_COLORS } from '@/lib/trees/tree';

const SAFETY_ICONS = [IconShieldCheck, IconShieldQuestion, IconShieldExclamation, IconShieldX];

/** Safety (0 safe … 3 not safe) derived from the works. */
export function SafetyBadge({ value, ...props }: { value: number } & BadgeProps) {
  const { t } = useTranslation();
  const Icon = SAFETY_ICONS[value] ?? IconShieldCheck;
  return (
    <Badge
      color={SAFETY_COLORS[value] ?? 'gray'}
      variant="light"
      leftSection={<Icon size={14} stroke={1.8} />}
      data-testid="tree-safety"
      data-value={value}
      {...props}
    >
      {t(`trees.safety.${value}`)}
    </Badge>
  );
}

/** The inspection class of a next-inspection date; gray "never inspected" for null. */
export function CheckClassBadge({ value, ...props }: { value: number | null } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      color={value === null ? 'gray' : CHECK_CLASS_COLORS[value]}
      variant="light"
      data-testid="check-class"
      data-value={value ?? ''}
      {...props}
    >
      {value === null ? t('trees.checkClass.never') : t(`trees.checkClass.${value}`)}
    </Badge>
  );
}

/** The deadline class of an open work (5: no deadline). */
export function DeadlineClassBadge({ value, ...props }: { value: number } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      color={DEADLINE_CLASS_COLORS[value] ?? 'gray'}
      variant="light"
      data-testid="deadline-class"
      data-value={value}
      {...props}
    >
      {t(`trees.deadlineClass.${value}`)}
    </Badge>
  );
}
