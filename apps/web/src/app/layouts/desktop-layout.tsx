import { ActionIcon, AppShell, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PanelIcon } from '../../components/ui/icons';
import { ProductLogo } from '../../components/ui/product-logo';
import { DisciplineList } from '../../features/discipline/components/discipline-list';
import { useSettings } from '../../features/misc/api/get-settings';
import { ProfileHeader } from '../../features/profile/components/profile-header';
import { localizedName } from '../../lib/localized';
import { useSessionUser } from '../../lib/use-session';
import { useScreenHandle } from '../router';
import { AppsPanel } from './apps-panel';
import { ContactsPanel } from './contacts-panel';
import classes from './desktop-layout.module.css';
import { OfflineBanner, useOfflineBannerHeight } from './offline-banner';
import { ScreenOutlet } from './screen-outlet';
import { SideMenu } from './side-menu';
import { useSidePanel } from './side-panel';
import { TopNav } from './top-nav';

const HEADER_HEIGHT = 60;

/**
 * Above 899.92 px: top navigation; profile header, disciplines and menu; the content; contacts and applications. On a
 * wide work screen (its route's handle) the contacts and applications column folds away, the header's button brings
 * it back (remembered per user).
 */
export function DesktopLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const banner = useOfflineBannerHeight();
  const { wide = false } = useScreenHandle();
  const panel = useSidePanel(useSessionUser().id, wide);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + banner }}
      navbar={{ width: { base: 250, lg: 290 }, breakpoint: 'md' }}
      aside={{ width: { base: 240, lg: 300 }, breakpoint: 'md', collapsed: { desktop: panel.folded, mobile: true } }}
      padding="lg"
    >
      <AppShell.Header>
        <OfflineBanner />
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap" miw={0}>
            <ProductLogo />
            {settings.data && (
              <Text c="dimmed" truncate visibleFrom="lg">
                {localizedName(settings.data.university)}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {wide && (
              <ActionIcon
                variant="default"
                size="lg"
                onClick={panel.toggle}
                aria-expanded={!panel.folded}
                aria-controls="side-panel"
                aria-label={t('panels.label')}
                title={t('panels.label')}
              >
                <PanelIcon size={18} />
              </ActionIcon>
            )}
            <TopNav />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ProfileHeader />
        <Divider my="sm" />
        <AppShell.Section grow className={classes.scroll}>
          <DisciplineList />
          <Divider my="sm" />
          <SideMenu />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <ScreenOutlet />
      </AppShell.Main>
      <AppShell.Aside p="sm" id="side-panel" aria-label={t('panels.label')} inert={panel.folded}>
        <AppShell.Section grow className={classes.scroll}>
          <Stack>
            <ContactsPanel />
            <Divider />
            <Stack gap="xs">
              <Title order={2} size="h5">
                {t('panels.applications')}
              </Title>
              <AppsPanel compact />
            </Stack>
          </Stack>
        </AppShell.Section>
      </AppShell.Aside>
    </AppShell>
  );
}
