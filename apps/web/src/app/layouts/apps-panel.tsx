import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BookIcon,
  CalendarIcon,
  CardIcon,
  ChartIcon,
  ChatIcon,
  ChecklistIcon,
  DocumentIcon,
  FolderIcon,
  GroupIcon,
  JournalIcon,
  NewsIcon,
  SettingsIcon,
  UploadIcon,
} from '../../components/ui/icons';
import { useSessionUser } from '../../lib/use-session';
import { portal, serves, students } from '../menu';
import { staffScreens, type TitleKey } from '../navigation';
import classes from './apps-panel.module.css';

type Icon = ComponentType<{ size?: number }>;

/** The tiles of teachers and students, each with the roles it serves (the menu's are in navigation.ts). */
const appEntries: readonly { title: TitleKey; path: string; roles: typeof portal; icon: Icon }[] = [
  { title: 'news', path: '/lms/news', roles: portal, icon: NewsIcon },
  { title: 'chat', path: '/lms/chat', roles: portal, icon: ChatIcon },
  { title: 'schedule', path: '/lms/schedule', roles: portal, icon: CalendarIcon },
  { title: 'journal', path: '/lms/journal', roles: portal, icon: JournalIcon },
  { title: 'umk', path: '/lms/umk', roles: portal, icon: FolderIcon },
  { title: 'library', path: '/lms/library', roles: portal, icon: BookIcon },
  { title: 'registration', path: '/lms/registration', roles: students, icon: ChecklistIcon },
  { title: 'payment', path: '/lms/paymentcode', roles: students, icon: CardIcon },
  { title: 'references', path: '/lms/singlewindow', roles: students, icon: DocumentIcon },
  { title: 'transcript', path: '/lms/transcript', roles: students, icon: ChartIcon },
];

/** The pictures of the staff area's tiles. */
const staffIcons: Partial<Record<TitleKey, Icon>> = {
  staffPeople: GroupIcon,
  staffOrders: DocumentIcon,
  gradeScale: ChartIcon,
  staffPayments: CardIcon,
  staffAudit: ChecklistIcon,
  staffSettings: SettingsIcon,
  staffImport: UploadIcon,
};

/** A role's applications panel: staff their own screens, teachers and students the tiles that serve them. */
export function appsOf(role: number): { title: TitleKey; path: string; icon: Icon }[] {
  if (role === roles.staff) {
    return staffScreens.map(({ key, path }) => ({
      title: key,
      path: `/lms/${path}`,
      icon: staffIcons[key] ?? FolderIcon,
    }));
  }
  return appEntries.filter((entry) => serves(entry.roles, role));
}

/**
 * The signed-in user's screens as tiles (/lms/apps, the mobile home) or, `compact`, as a list (the desktop aside):
 * staff get their own screens, teachers and students the screens that serve them (navigation.ts).
 */
export function AppsPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const apps = appsOf(useSessionUser().role);
  return (
    <SimpleGrid cols={compact ? 1 : { base: 2, xs: 3, lg: 5 }} spacing={compact ? 6 : 'sm'}>
      {apps.map(({ title, path, icon: Icon }) => {
        return (
          <UnstyledButton
            key={title}
            component={Link}
            to={path}
            className={classes.tile}
            data-compact={compact || undefined}
          >
            <span className={classes.icon}>
              <Icon size={compact ? 18 : 28} />
            </span>
            <Text size="sm" ta={compact ? 'left' : 'center'} lh={1.25}>
              {t(`titles.${title}`)}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
