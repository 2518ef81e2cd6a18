import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadErrorTexts } from '../lib/error-texts';
import { initI18n, switchLanguage } from '../lib/i18n';
import { writeCookie } from '../lib/storage';

// happy-dom has no document.fonts (Mantine's autosizing textarea listens to it).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

// The flows under test include the spec's own waits (the 0.5 s recovery check) and the contracts' first import: in a
// cold worker on a busy machine (CI) they take longer than findBy's default second.
configure({ asyncUtilTimeout: 5_000 });

/** Every test starts in Russian with nothing stored in the browser. */
async function reset() {
  await switchLanguage('ru');
  window.localStorage.clear();
  writeCookie('lang', '', 0);
}

// Started before any test file is imported: shared pieces load their catalogues as their modules are evaluated.
await initI18n('ru');
await loadErrorTexts();

beforeAll(reset);

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await reset();
});
