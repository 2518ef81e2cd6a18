import { Button, Group } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeBoundary } from '../../components/ui/code-boundary';
import { LogoutIcon, NewsIcon, UserIcon } from '../../components/ui/icons';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { lazyComponent } from '../../lib/lazy';
import { useLogout } from '../../lib/use-session';

// The bell and its list load beside the page, not with the shell that the sign-in screen downloads.
const NotificationBell = lazyComponent(() =>
  import('../../features/notifications/components/notification-bell').then((m) => m.NotificationBell),
);

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
      {/* Offline before its code came: no bell, rather than no page. */}
      <CodeBoundary fallback={null}>
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      </CodeBoundary>
      <ThemeToggle />
      <Button variant="default" leftSection={<LogoutIcon size={18} />} onClick={logout}>
        {t('nav.logout')}
      </Button>
    </Group>
  );
}
