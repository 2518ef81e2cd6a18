/**
 * The id of a page's <template> of links to the code its screen needs, which the entry opens once the page has shown:
 * the pages of the screens the server draws (vite.config.ts).
 */
export const codeAfterPaintId = 'code-after-paint';

/**
 * Settles once the page has drawn its next frame: work started then comes after that picture rather than before it.
 * A hidden page draws nothing, and a browser that holds frames back longer than half a second gets no further wait.
 * (No imports: the entry uses it before the app's code has loaded.)
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') return resolve();
    // A frame's animation callbacks run just before it is drawn, the next frame's once it is shown; a task queued
    // from those runs after them.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)));
    setTimeout(resolve, 500);
  });
}
