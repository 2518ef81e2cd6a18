import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MANUAL_PATH, manualSectionOf } from '../../lib/manual-links';
import classes from './page-title.module.css';

/**
 * Sets the document title to '<page> | <portal>' in the current language and, on a portal screen, shows a small help
 * link to the user manual's section about it, right above the screen's heading (`help` names another section; false
 * shows none). The link's line takes the place of the gap of a Stack it is in. A plain link rather than Mantine's
 * Anchor: every screen's first download carries it.
 */
export function PageTitle({ page, help }: { page: string; help?: string | false }) {
  const { t } = useTranslation();
  // (The sign-in page is prerendered where there is no window: no link there.)
  const here = typeof window === 'undefined' ? '' : window.location.pathname;
  const section = help === undefined ? manualSectionOf(here) : help;
  return (
    <>
      <title>{`${page} | ${t('portal')}`}</title>
      {section && (
        <div className={classes.help}>
          <Link to={`${MANUAL_PATH}#${section}`} aria-label={t('help.label', { page })}>
            {t('help.link')}
          </Link>
        </div>
      )}
    </>
  );
}
