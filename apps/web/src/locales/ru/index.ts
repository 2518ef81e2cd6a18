/** Every catalogue of this language, by file name (the i18next namespace): loaded as one chunk. */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
