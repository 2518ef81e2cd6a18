import { type ComponentType, lazy } from 'react';

/**
 * A part of the app whose code could not be loaded: the network is gone and the service worker does not hold it yet
 * (or the server has a newer build). The browser keeps the failure for the page's lifetime, so only a reload retries.
 */
export class CodeLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded', { cause });
    this.name = 'CodeLoadError';
  }
}

/** Loads a part of the app's code; its failure is a {@link CodeLoadError}. */
export function loadCode<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((cause: unknown) => {
    throw new CodeLoadError(cause);
  });
}

/** React's lazy() for a named component: it loads when first rendered, a failure reaching the nearest CodeBoundary. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadCode(load).then((component) => ({ default: component })));
}
