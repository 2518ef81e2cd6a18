import { ActionIcon, AppShell, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LogoutIcon } from '../../components/ui/icons';
import { Loading } from '../../components/ui/loading';
import { ProductLogo } from '../../components/ui/product-logo';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { ProfileMenu } from '../../features/profile/components/profile-menu';
import { UserAvatar } from '../../features/profile/components/user-avatar';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { useLogout, useSessionUser } from '../../lib/use-session';
import { MobileTabs } from './mobile-tabs';

// The drawer's code loads once the portal has shown (it opens only from the burger).
const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })));

/** Below 899.92 px: a header with the menu, theme and logout; the content; the tabs at the bottom. */
export function MobileLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const logout = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const painted = useAfterFirstPaint();

  return (
    <AppShell header={{ height: 56 }} footer={{ height: 64 }} padding="md">
      <AppShell.Header px="sm">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={menuOpened} onClick={menu.toggle} size="sm" aria-label={t('nav.openMenu')} />
            <UnstyledButton component={Link} to="/lms" aria-label={t('nav.home')}>
              <ProductLogo size={28} />
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ThemeToggle />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('nav.logout')}
              title={t('nav.logout')}
              onClick={() => logout.mutate()}
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
      {painted && (
        <Suspense fallback={null}>
          <MenuDrawer opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
      <AppShell.Main>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Footer>
        <MobileTabs />
      </AppShell.Footer>
    </AppShell>
  );
}
