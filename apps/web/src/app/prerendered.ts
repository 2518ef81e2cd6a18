// No imports: the build reads it too (vite.config.ts).

/** The attribute of a prerendered page's #root that names the language its screen was prerendered in. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
