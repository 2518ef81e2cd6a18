/**
 * Replaces `MantineCssVariables` of @mantine/core in the build (vite.config.ts, `mantineReplacements`): the component
 * that computes the theme's CSS variables as the page renders. The portal never renders it (MantineProvider's
 * `withCssVariables` is off: a stylesheet made at build time holds them, app/theme-css.ts), yet MantineProvider imports
 * it, and with it the variables' resolver: some 3 KB of JavaScript, gzipped, before the sign-in screen works.
 */
export function MantineCssVariables(): null {
  return null;
}
