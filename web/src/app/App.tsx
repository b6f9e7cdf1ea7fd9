import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import i18n, { currentLanguage } from '@/i18n';
import { configureApi } from '@/lib/api';
import { showNotice } from '@/lib/notify';
import { queryClient } from '@/lib/queryClient';
import { theme } from '@/theme';
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
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
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
