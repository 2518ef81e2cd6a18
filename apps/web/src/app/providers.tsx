import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { defaultColorScheme } from '../lib/color-scheme';
import { colorSchemeManager } from '../lib/color-scheme-manager';
import { DesktopGuess } from './desktop';
import { queryClient as browserQueryClient } from './query-client';
import { theme } from './theme';

/**
 * Theme (dark by default, remembered), the data cache and the layout's guess. The server, drawing a page, gives its
 * own theme and cache (the browser has one of each) and its guess of the layout, which the browser taking the page
 * over starts from.
 */
export function Providers({
  children,
  queryClient = browserQueryClient,
  colorScheme = colorSchemeManager,
  desktop,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  colorScheme?: MantineColorSchemeManager;
  desktop?: boolean;
}) {
  return (
    <MantineProvider
      theme={theme}
      // The theme's variables come in a stylesheet made at build time (theme-css.ts), not computed at each render.
      withCssVariables={false}
      colorSchemeManager={colorScheme}
      defaultColorScheme={defaultColorScheme}
    >
      <QueryClientProvider client={queryClient}>
        <DesktopGuess value={desktop}>{children}</DesktopGuess>
      </QueryClientProvider>
    </MantineProvider>
  );
}
