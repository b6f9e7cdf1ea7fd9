import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/i18n/detect';
import { currentLanguage, setLanguage } from '@/i18n';
import { useSession } from '@/api/auth/getSession';
import { useUpdateUser } from '@/features/user/api/updateUser';

/** EN / DE / FR. When logged in, the choice is also saved to the profile. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const update = useUpdateUser();
  const lang = currentLanguage();

  const choose = (l: string) => {
    setLanguage(l);
    const user = session.data?.user;
    if (user && user.language !== l) {
      update.mutate({
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        language: l,
        version: user.version,
      });
    }
  };

  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        {compact ? (
          <Tooltip label={t('language.label')}>
            <ActionIcon variant="default" size="lg" aria-label={t('language.label')} data-testid="language-menu">
              <IconLanguage size={18} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconLanguage size={16} />}
            aria-label={`${t('language.label')}: ${lang.toUpperCase()}`}
            data-testid="language-menu"
          >
            {lang.toUpperCase()}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((l) => (
          <Menu.Item
            key={l}
            onClick={() => choose(l)}
            rightSection={l === lang ? <IconCheck size={14} /> : null}
            data-testid={`language-${l}`}
            lang={l}
          >
            {t(`language.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
