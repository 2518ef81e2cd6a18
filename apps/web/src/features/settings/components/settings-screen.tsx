import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarSection } from './calendar-section';
import { CampusSection } from './campus-section';
import { InstitutionSection } from './institution-section';
import { RegistrationSection } from './registration-section';
import { ServicesSection } from './services-section';

const sections = {
  institution: InstitutionSection,
  calendar: CalendarSection,
  campus: CampusSection,
  registration: RegistrationSection,
  services: ServicesSection,
} as const;
type Section = keyof typeof sections;

/** Staff: the university's settings, one tab a section (arrow keys move between tabs); only the open one loads. */
export function SettingsScreen() {
  const { t } = useTranslation('staff-settings');
  const [tab, setTab] = useState<Section>('institution');
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as Section)} keepMounted={false}>
      <Tabs.List mb="md">
        {(Object.keys(sections) as Section[]).map((key) => (
          <Tabs.Tab key={key} value={key}>
            {t(`tabs.${key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {(Object.entries(sections) as [Section, ComponentType][]).map(([key, Section]) => (
        <Tabs.Panel key={key} value={key}>
          <Section />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
