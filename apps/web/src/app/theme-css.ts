import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

type Variables = Record<string, string>;

/** The variables of `next` whose value differs from that in `base`. */
function changed(next: Variables, base: Variables): Variables {
  return Object.fromEntries(Object.entries(next).filter(([name, value]) => base[name] !== value));
}

/**
 * The portal theme's CSS variables, where they differ from Mantine's defaults (which its default-css-variables.css
 * holds): what MantineProvider would compute and put in a <style> at every render. The build writes them to a
 * stylesheet instead (vite.config.ts), so the first render does not pay for it.
 */
export function themeCssVariables(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const own = defaultCssVariablesResolver(merged);
  const extra = cssVariablesResolver(merged);
  const variables: ConvertCSSVariablesInput = {
    variables: changed({ ...own.variables, ...extra.variables }, defaults.variables),
    light: changed({ ...own.light, ...extra.light }, defaults.light),
    dark: changed({ ...own.dark, ...extra.dark }, defaults.dark),
  };
  return convertCssVariables(variables);
}
