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
  GroupIcon,
  JournalIcon,
  NewsIcon,
  SettingsIcon,
  UploadIcon,
} from '../../components/ui/icons';
import { useSessionUser } from '../../lib/use-session';
import { appsOf, type TitleKey } from '../navigation';
import classes from './apps-panel.module.css';

/** Each screen's tile picture. */
const icons: Partial<Record<TitleKey, ComponentType<{ size?: number }>>> = {
  news: NewsIcon,
  chat: ChatIcon,
  schedule: CalendarIcon,
  journal: JournalIcon,
  umk: FolderIcon,
  library: BookIcon,
  registration: ChecklistIcon,
  payment: CardIcon,
  references: DocumentIcon,
  transcript: ChartIcon,
  staffPeople: GroupIcon,
  staffOrders: DocumentIcon,
  gradeScale: ChartIcon,
  staffPayments: CardIcon,
  staffAudit: ChecklistIcon,
  staffSettings: SettingsIcon,
  staffImport: UploadIcon,
};

/**
 * The signed-in user's screens as tiles (/lms/apps, the mobile home) or, `compact`, as a list (the desktop aside):
 * staff get their own screens, teachers and students the screens that serve them (navigation.ts).
 */
export function AppsPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const apps = appsOf(useSessionUser().role);
  return (
    <SimpleGrid cols={compact ? 1 : { base: 2, xs: 3, lg: 5 }} spacing={compact ? 6 : 'sm'}>
      {apps.map(({ title, path }) => {
        const Icon = icons[title] ?? FolderIcon;
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
