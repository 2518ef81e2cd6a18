import { Text, UnstyledButton } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AppsIcon, ChatIcon, NewsIcon, UserIcon } from '../../components/ui/icons';
import { UnreadCountBadge } from '../../features/chat/components/unread-count-badge';
import classes from './mobile-tabs.module.css';

type TabLabel = 'profile' | 'newsTab' | 'messages' | 'applications';

/** Tabs 0 profile, 1 news, 2 chat, 3 apps; chat opens with #messages. */
const tabs: readonly { label: TabLabel; to: string; path: string; icon: ComponentType<{ size?: number }> }[] = [
  { label: 'profile', to: '/lms/change-password', path: '/lms/change-password', icon: UserIcon },
  { label: 'newsTab', to: '/lms/news', path: '/lms/news', icon: NewsIcon },
  { label: 'messages', to: '/lms/chat#messages', path: '/lms/chat', icon: ChatIcon },
  { label: 'applications', to: '/lms/apps', path: '/lms/apps', icon: AppsIcon },
];

/** Spec section 9: the default active tab is 3 (apps); any screen opened from the apps stays under it. */
const DEFAULT_TAB = 3;

export function MobileTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const found = tabs.findIndex((tab) => tab.path === pathname);
  const active = found === -1 ? DEFAULT_TAB : found;

  return (
    <nav aria-label={t('nav.tabs')} className={classes.tabs}>
      {tabs.map(({ label, to, icon: Icon }, index) => (
        <UnstyledButton
          key={label}
          component={Link}
          to={to}
          className={classes.tab}
          data-active={index === active || undefined}
          aria-current={index === active ? 'page' : undefined}
        >
          <span className={classes.icon}>
            <Icon size={22} />
            {label === 'messages' && <UnreadCountBadge className={classes.badge} />}
          </span>
          <Text component="span" size="xs">
            {t(`nav.${label}`)}
          </Text>
        </UnstyledButton>
      ))}
    </nav>
  );
}
