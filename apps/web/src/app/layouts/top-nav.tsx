import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoutIcon, NewsIcon, UserIcon } from '../../components/ui/icons';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useLogout } from '../../lib/use-session';

/** Top navigation: profile, news feed, notifications, dark mode toggle, logout. */
export function TopNav() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Group component="nav" aria-label={t('nav.main')} gap="xs" wrap="nowrap">
      <Button component={Link} to="/lms/change-password" variant="subtle" leftSection={<UserIcon size={18} />}>
        {t('nav.profile')}
      </Button>
      <Button component={Link} to="/lms/news" variant="subtle" leftSection={<NewsIcon size={18} />}>
        {t('nav.news')}
      </Button>
      <NotificationBell />
      <ThemeToggle />
      <Button variant="default" leftSection={<LogoutIcon size={18} />} onClick={logout}>
        {t('nav.logout')}
      </Button>
    </Group>
  );
}
