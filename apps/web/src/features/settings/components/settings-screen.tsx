import { Button, Group } from '@mantine/core';
import { type ComponentType, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarSection } from './calendar-section';
import { CampusSection } from './campus-section';
import { InstitutionSection } from './institution-section';
import { OrdersSection } from './orders-section';
import { RegistrationSection } from './registration-section';
import { ServicesSection } from './services-section';
import { WebinarsSection } from './webinars-section';

const sections: Record<string, ComponentType> = {
  institution: InstitutionSection,
  calendar: CalendarSection,
  campus: CampusSection,
  registration: RegistrationSection,
  services: ServicesSection,
  orders: OrdersSection,
  webinars: WebinarsSection,
};
type Section = 'institution' | 'calendar' | 'campus' | 'registration' | 'services' | 'orders' | 'webinars';
const order = Object.keys(sections) as Section[];

/**
 * Staff: the university's settings, one tab a section; only the open one loads. The tabs follow the WAI-ARIA tabs
 * pattern (arrow keys, Home and End move between them). Built from buttons rather than Mantine's Tabs, whose keyboard
 * helper would join the Mantine every first screen loads.
 */
export function SettingsScreen() {
  const { t } = useTranslation('staff-settings');
  const [tab, setTab] = useState<Section>('institution');
  const buttons = useRef<Partial<Record<Section, HTMLButtonElement | null>>>({});
  const Open = sections[tab] as ComponentType;

  const onKeyDown = (e: KeyboardEvent) => {
    const at = order.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? order[(at + 1) % order.length]
        : e.key === 'ArrowLeft'
          ? order[(at - 1 + order.length) % order.length]
          : e.key === 'Home'
            ? order[0]
            : e.key === 'End'
              ? order[order.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    buttons.current[next]?.focus();
  };

  return (
    <div>
      <Group
        role="tablist"
        aria-label={t('tabs.label')}
        gap={4}
        mb="md"
        pb={4}
        onKeyDown={onKeyDown}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {order.map((key) => (
          <Button
            key={key}
            ref={(el) => {
              buttons.current[key] = el;
            }}
            id={`settings-tab-${key}`}
            role="tab"
            aria-selected={tab === key}
            aria-controls="settings-panel"
            tabIndex={tab === key ? 0 : -1}
            variant={tab === key ? 'light' : 'subtle'}
            color={tab === key ? undefined : 'gray'}
            onClick={() => setTab(key)}
          >
            {t(`tabs.${key}`)}
          </Button>
        ))}
      </Group>
      <div role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        <Open />
      </div>
    </div>
  );
}
