import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuEntries } from '../navigation';

/** Every side-menu entry of the spec; `onNavigate` closes the mobile drawer. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('menu.label')}>
      {menuEntries.map((entry) => (
        <NavLink
          key={entry.key}
          component={Link}
          to={entry.path}
          label={t(`menu.${entry.key}`)}
          py={6}
          active={pathname === entry.path}
          aria-current={pathname === entry.path ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </nav>
  );
}
