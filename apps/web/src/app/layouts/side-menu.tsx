import { Divider, NavLink, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionUser } from '../../lib/use-session';
import { menuOf } from '../menu';

/** The side menu for the signed-in user's role (staff: their area first); `onNavigate` closes the mobile drawer. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { staff, entries } = menuOf(useSessionUser().role);
  const link = (entry: { key: string; path: string }, label: string) => (
    <NavLink
      key={entry.key}
      component={Link}
      to={entry.path}
      label={label}
      py={6}
      active={pathname === entry.path}
      aria-current={pathname === entry.path ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
  return (
    <nav aria-label={t('menu.label')}>
      {staff.length > 0 && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4} pb={2}>
            {t('menu.staffArea')}
          </Text>
          {staff.map((entry) => link(entry, t(`titles.${entry.key}`)))}
          <Divider my={6} />
        </>
      )}
      {entries.map((entry) => link(entry, t(`menu.${entry.key}`)))}
    </nav>
  );
}
