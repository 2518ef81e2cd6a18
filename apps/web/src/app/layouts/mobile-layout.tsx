import { ActionIcon, AppShell, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeBoundary } from '../../components/ui/code-boundary';
import { LogoutIcon } from '../../components/ui/icons';
import { ProductLogo } from '../../components/ui/product-logo';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { ProfileMenu } from '../../features/profile/components/profile-menu';
import { UserAvatar } from '../../features/profile/components/user-avatar';
import { lazyComponent } from '../../lib/lazy';
import { useLogout, useSessionUser } from '../../lib/use-session';
import { MobileTabs } from './mobile-tabs';
import { OfflineBanner, useOfflineBannerHeight } from './offline-banner';
import { ScreenOutlet } from './screen-outlet';

// The bell and its list load beside the page, not with the shell that the sign-in screen downloads.
const NotificationBell = lazyComponent(() =>
  import('../../features/notifications/components/notification-bell').then((m) => m.NotificationBell),
);

// The drawer's code loads when the burger first opens it, off the first screen's way (after the first visit the service
// worker has it at once).
const MenuDrawer = lazyComponent(() => import('./menu-drawer').then((m) => m.MenuDrawer));

const HEADER_HEIGHT = 56;

/** Below 899.92 px: a header with the menu, theme and logout; the content; the tabs at the bottom. */
export function MobileLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const logout = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const banner = useOfflineBannerHeight();

  return (
    <AppShell header={{ height: HEADER_HEIGHT + banner }} footer={{ height: 64 }} padding="md">
      <AppShell.Header>
        <OfflineBanner />
        <Group h={HEADER_HEIGHT} px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={() => {
                setMenuUsed(true);
                menu.toggle();
              }}
              size="sm"
              aria-label={t('nav.openMenu')}
            />
            <UnstyledButton component={Link} to="/lms" aria-label={t('nav.home')}>
              <ProductLogo size={28} />
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {/* Offline before its code came: no bell, rather than no page. */}
            <CodeBoundary fallback={null}>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            </CodeBoundary>
            <ThemeToggle />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('nav.logout')}
              title={t('nav.logout')}
              onClick={logout}
            >
              <LogoutIcon />
            </ActionIcon>
            <ProfileMenu
              target={
                <ActionIcon variant="transparent" size="lg" radius="xl" aria-label={t('nav.profile')}>
                  <UserAvatar fullName={user.fullName} size={34} />
                </ActionIcon>
              }
            />
          </Group>
        </Group>
      </AppShell.Header>
      {menuUsed && (
        <CodeBoundary fallback={null}>
          <Suspense fallback={null}>
            <MenuDrawer opened={menuOpened} onClose={menu.close} />
          </Suspense>
        </CodeBoundary>
      )}
      <AppShell.Main>
        <ScreenOutlet />
      </AppShell.Main>
      <AppShell.Footer>
        <MobileTabs />
      </AppShell.Footer>
    </AppShell>
  );
}
