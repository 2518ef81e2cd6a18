// No imports: the entry reads what a page was drawn for before the app's code has loaded.

export type ColorScheme = 'light' | 'dark';

/** Spec: the default theme is dark. */
export const defaultColorScheme: ColorScheme = 'dark';

export const isColorScheme = (value: unknown): value is ColorScheme => value === 'light' || value === 'dark';
