import { Badge, Tooltip, type BadgeProps } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation, IconShieldQuestion, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHECK_CLASS_COLORS, DEADLINE_CLASS_COLORS, SAFETY_COLORS } from '@/lib/trees/tree';
import { assessment } from '../safety';

const SAFETY_ICONS = [IconShieldCheck, IconShieldQuestion, IconShieldExclamation, IconShieldX];

/**
 * Safety (0 safe … 3 not safe) derived from the works. Given the inspection class (null: never
 * inspected), a tree the works leave safe reads "not assessed" or "safety unconfirmed" instead.
 */
export function SafetyBadge({
  value,
  checkClass,
  ...props
}: { value: number; checkClass?: number | null } & BadgeProps) {
  const { t } = useTranslation();
  const a = checkClass === undefined ? null : assessment(value, checkClass);
  if (a)
    return (
      <Tooltip label={t(`trees.safety.${a}Hint`)} multiline w={260} withArrow>
        <Badge
          color={a === 'unassessed' ? 'gray' : 'grape'}
          variant="light"
          leftSection={<IconShieldQuestion size={14} stroke={1.8} />}
          data-testid="tree-safety"
          data-value={value}
          data-assessment={a}
          {...props}
        >
          {t(`trees.safety.${a}`)}
        </Badge>
      </Tooltip>
    );
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
