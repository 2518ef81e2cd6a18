import { type ColorScheme, isColorScheme } from '../lib/color-scheme';
import { isLanguage, type Language } from '../lib/languages';

/**
 * What the server drew a page for (render-page.tsx). Its HTML depends on them. The browser takes the page over
 * (hydrates it) when it would draw it in the same language; the theme and the layout (a guess of the server's) it
 * takes as drawn, then corrects.
 */
export interface DrawnFor {
  language: Language;
  colorScheme: ColorScheme;
  desktop: boolean;
}

/** The attribute of the page's #root that says what it was drawn for. */
export const DRAWN_FOR_ATTRIBUTE = 'data-drawn-for';

export const drawnForValue = ({ language, colorScheme, desktop }: DrawnFor) =>
  `${language} ${colorScheme} ${desktop ? 'desktop' : 'mobile'}`;

/** What a page's #root says it was drawn for; null when the server did not draw it. */
export function drawnFor(root: Element): DrawnFor | null {
  const [language, colorScheme, layout] = (root.getAttribute(DRAWN_FOR_ATTRIBUTE) ?? '').split(' ');
  if (!isLanguage(language) || !isColorScheme(colorScheme)) return null;
  return { language, colorScheme, desktop: layout === 'desktop' };
}
