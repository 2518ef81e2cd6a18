import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SideMenu } from './side-menu';

/** The side menu in a drawer, for the mobile layout's burger. */
export function MenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('menu.label')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <SideMenu onNavigate={onClose} />
    </Drawer>
  );
}
