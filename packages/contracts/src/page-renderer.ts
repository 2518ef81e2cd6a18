// No imports but types: the server and the web app's renderer meet here.
import type { FirstReply } from './first-calls';

/**
 * The web app's renderer of its first screens, which the server loads from the build (`<WEB_DIST>/server/
 * render-page.js`): it draws a screen's HTML on the server, so a phone shows it before the app's code has arrived.
 */
export interface PageRenderer {
  renderPage(request: PageRequest): Promise<DrawnPage>;
}

/** What the server knows of a visit to a page of the web app. */
export interface PageRequest {
  /** The address's path. */
  pathname: string;
  /** The language the request names (`?lang`, else the `lang` cookie), unchecked. */
  language: string | undefined;
  /** The `theme` cookie, unchecked. */
  colorScheme: string | undefined;
  userAgent: string | undefined;
  /** The replies of the path's first calls (`firstCallsOf`) for a signed-in visitor; null for anyone else. */
  replies: readonly FirstReply[] | null;
  /** False when the server has no time to draw now: then only the page's theme. */
  draw: boolean;
}

/** A page as drawn for a request. */
export interface DrawnPage {
  /** The page's theme, for its <html data-mantine-color-scheme>. */
  colorScheme: 'light' | 'dark';
  /** The screen drawn: the page's whole #root element; null when the server does not draw this screen. */
  root: string | null;
  /** The page's <title> element, when the screen has one. */
  title: string | null;
}
