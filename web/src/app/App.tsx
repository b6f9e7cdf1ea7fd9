import { useMemo } from 'react';
import { MantineProvider, localStorageColorSchemeManager, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import i18n, { currentLanguage } from '@/i18n';
import { configureApi } from '@/lib/api';
import { showNotice } from '@/lib/notify';
import { queryClient } from '@/lib/queryClient';
import { cssVariablesResolver, theme } from '@/theme';
import { router } from './router';
import { performLogout, setLogoutNavigator } from '@/api/auth/logout';

export const COLOR_SCHEME_KEY = 'arbor-color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

setLogoutNavigator((path) => void router.navigate(path, { replace: true }));
configureApi({
  language: currentLanguage,
  translate: (key) => i18n.t(key),
  onUntrusted: () => void performLogout(),
  onError: (error) => showNotice(error.message, 'red'),
});

export function App() {
  const { t } = useTranslation();
  // Every modal's close button gets a name in the reader's language (Mantine's has none).
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } } },
      }),
    [t],
  );
  return (
    <MantineProvider
      theme={themed}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          {/* Below the header (styles.css), so a toast never covers the language, theme and user buttons. */}
          <Notifications position="top-right" zIndex={1000} classNames={{ root: 'arbor-notifications' }} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
