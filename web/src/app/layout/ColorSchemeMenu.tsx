import { ActionIcon, Menu, Tooltip, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const OPTIONS: { value: MantineColorScheme; icon: typeof IconSun }[] = [
  { value: 'auto', icon: IconDeviceDesktop },
  { value: 'light', icon: IconSun },
  { value: 'dark', icon: IconMoon },
];

/** System / light / dark, kept in localStorage by Mantine's colour-scheme manager. */
export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const Current = OPTIONS.find((o) => o.value === colorScheme)?.icon ?? IconDeviceDesktop;
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Tooltip label={t('theme.label')}>
          <ActionIcon variant="default" size="lg" aria-label={t('theme.label')} data-testid="theme-menu">
            <Current size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('theme.label')}</Menu.Label>
        {OPTIONS.map(({ value, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} />}
            rightSection={colorScheme === value ? <IconCheck size={14} /> : null}
            onClick={() => setColorScheme(value)}
            data-testid={`theme-${value}`}
          >
            {t(`theme.${value}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
