import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from './icon';

/**
 * Switches between the dark and the light theme (Mantine keeps the choice in local storage). Both buttons are in the
 * page and the theme's CSS shows one: the prerendered sign-in page is then the same in either theme.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        lightHidden
        aria-label={t('theme.toLight')}
        title={t('theme.toLight')}
        onClick={() => setColorScheme('light')}
      >
        <SunIcon />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        darkHidden
        aria-label={t('theme.toDark')}
        title={t('theme.toDark')}
        onClick={() => setColorScheme('dark')}
      >
        <MoonIcon />
      </ActionIcon>
    </>
  );
}
