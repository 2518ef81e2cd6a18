import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { storageKeys } from '../lib/storage';
import { queryClient } from './query-client';
import { theme } from './theme';

// (index.html applies the stored theme before the first paint, from the same key.)
const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });

/** Theme (dark by default, remembered) and the data cache. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      // The theme's variables come in a stylesheet made at build time (theme-css.ts), not computed at each render.
      withCssVariables={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="dark"
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
