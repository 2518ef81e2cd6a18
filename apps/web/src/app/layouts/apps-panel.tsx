import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
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
  JournalIcon,
  NewsIcon,
} from '../../components/ui/icons';
import type { TitleKey } from '../navigation';
import classes from './apps-panel.module.css';

/** The applications panel: the portal's screens as tiles. */
const appEntries: readonly { title: TitleKey; path: string; icon: ComponentType<{ size?: number }> }[] = [
  { title: 'news', path: '/lms/news', icon: NewsIcon },
  { title: 'chat', path: '/lms/chat', icon: ChatIcon },
  { title: 'schedule', path: '/lms/schedule', icon: CalendarIcon },
  { title: 'journal', path: '/lms/journal', icon: JournalIcon },
  { title: 'umk', path: '/lms/umk', icon: FolderIcon },
  { title: 'library', path: '/lms/library', icon: BookIcon },
  { title: 'registration', path: '/lms/registration', icon: ChecklistIcon },
  { title: 'payment', path: '/lms/paymentcode', icon: CardIcon },
  { title: 'references', path: '/lms/singlewindow', icon: DocumentIcon },
  { title: 'transcript', path: '/lms/transcript', icon: ChartIcon },
];

/** The portal's screens as tiles (/lms/apps, the mobile home) or, `compact`, as a list (the desktop aside). */
export function AppsPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={compact ? 1 : { base: 2, xs: 3, lg: 5 }} spacing={compact ? 6 : 'sm'}>
      {appEntries.map(({ title, path, icon: Icon }) => (
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
      ))}
    </SimpleGrid>
  );
}
