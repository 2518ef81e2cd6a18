import { Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoonIcon, SunIcon } from '../../../components/ui/icon';
import { CheckIcon, KeyIcon, LogoutIcon } from '../../../components/ui/icons';
import { currentLanguage, switchLanguage } from '../../../lib/i18n';
import { languages } from '../../../lib/languages';
import { useLogout } from '../../../lib/use-session';

/**
 * Change password, the dark-mode toggle, language (Кыр / Рус / Eng) and logout, opened from `target` (and open from
 * the start with `defaultOpened`: `target` was clicked before this was here).
 */
export function ProfileMenuDropdown({ target, defaultOpened }: { target: ReactElement; defaultOpened?: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('dark', { getInitialValueInEffect: false }) === 'dark';
  const logout = useLogout();
  const language = currentLanguage();

  return (
    <Menu position="bottom-start" width={220} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/lms/change-password" leftSection={<KeyIcon size={16} />}>
          {t('menu.changePassword')}
        </Menu.Item>
        <Menu.Item
          closeMenuOnClick={false}
          leftSection={dark ? <SunIcon size={16} /> : <MoonIcon size={16} />}
          onClick={() => setColorScheme(dark ? 'light' : 'dark')}
        >
          {dark ? t('common:theme.toLight') : t('common:theme.toDark')}
        </Menu.Item>
        <Menu.Label>{t('menu.language')}</Menu.Label>
        {languages.map((option) => (
          <Menu.Item
            key={option}
            aria-current={option === language ? 'true' : undefined}
            lang={option === 'kg' ? 'ky' : option}
            rightSection={option === language ? <CheckIcon size={16} /> : null}
            onClick={() => void switchLanguage(option)}
          >
            {t(`common:language.${option}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={logout}>
          {t('menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
