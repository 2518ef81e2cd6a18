import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/network';
import classes from './offline-banner.module.css';

/** The red 'Нет сети !!!' banner while the browser is offline; a click checks the connection again. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { online, recheck } = useOnlineStatus();
  return (
    <div aria-live="assertive">
      {!online && (
        <UnstyledButton className={classes.banner} title={t('offlineBanner.recheck')} onClick={() => void recheck()}>
          {t('offlineBanner.text')}
        </UnstyledButton>
      )}
    </div>
  );
}
