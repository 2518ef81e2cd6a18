import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/network';

/** The banner's height in px: it takes its own room at the top of the page (the portal's header grows by it). */
const BANNER_HEIGHT = 32;

/** The room the banner takes now: its height while offline, else nothing. */
export function useOfflineBannerHeight(): number {
  return useOnlineStatus().online ? 0 : BANNER_HEIGHT;
}

/** The red 'Нет сети !!!' banner while the browser is offline; a click checks the connection again. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { online, recheck } = useOnlineStatus();
  return (
    <div aria-live="assertive">
      {!online && (
        // In the flow of the page, at its top: it pushes the rest down rather than covering it. (Style props, not a
        // stylesheet: their order against the button's own styles does not matter.)
        <UnstyledButton
          display="block"
          w="100%"
          h={BANNER_HEIGHT}
          px="md"
          bg="red.9"
          c="white"
          fw={700}
          ta="center"
          title={t('offlineBanner.recheck')}
          onClick={() => void recheck()}
        >
          {t('offlineBanner.text')}
        </UnstyledButton>
      )}
    </div>
  );
}
