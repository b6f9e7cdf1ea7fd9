import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_STRENGTH, passwordStrength, strengthColor } from '@/lib/password';

/** The strength indicator for a password: six segments, levels 1 to 6. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = passwordStrength(password);
  const color = strengthColor(level);
  return (
    <Stack gap={6} data-testid="password-strength" data-level={level}>
      <Group gap={4} grow wrap="nowrap" aria-hidden>
        {Array.from({ length: MAX_STRENGTH }, (_, i) => (
          <Box
            key={i}
            h={5}
            style={{
              borderRadius: 4,
              transition: 'background-color 150ms ease',
              backgroundColor: i < level ? `var(--mantine-color-${color}-6)` : 'var(--mantine-color-default-border)',
            }}
          />
        ))}
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('auth.strength.label')}
        </Text>
        <Text size="xs" fw={600} c={level ? `${color}.7` : 'dimmed'} aria-live="polite">
          {t(`auth.strength.${level}`)}
          {level ? ` · ${level}/${MAX_STRENGTH}` : ''}
        </Text>
      </Group>
    </Stack>
  );
}
