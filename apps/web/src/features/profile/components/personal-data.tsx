import '@mantine/core/styles/DataList.css';
import { DataList, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DataOf } from '@okuu/contracts/endpoint';
import type { profileData } from '@okuu/contracts/profile/profile-data';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatDate } from '../../../lib/format';
import { localizedNameOrNull } from '../../../lib/localized';
import { useProfileData } from '../api/get-profile-data';
import { UserAvatar } from './user-avatar';

/** Full name, gender, birth date, nationality, citizenship, tax id, phone, education (and group or position). */
export function PersonalData() {
  const profile = useProfileData();
  return (
    <QueryView query={profile} loading={<Skeleton height={280} />}>
      {(data) => <PersonalRows data={data} />}
    </QueryView>
  );
}

function PersonalRows({ data }: { data: DataOf<typeof profileData> }) {
  const { t } = useTranslation('profile');
  const empty = (
    <Text component="span" c="dimmed" size="sm">
      {t('personal.empty')}
    </Text>
  );
  const rows: [string, ReactNode][] = [
    [t('personal.fullName'), data.fullName],
    [t('personal.gender'), data.gender ? t(`personal.${data.gender}`) : null],
    [t('personal.birthDate'), data.birthDate ? formatDate(data.birthDate) : null],
    [t('personal.nationality'), localizedNameOrNull(data.nationality)],
    [t('personal.citizenship'), localizedNameOrNull(data.citizenship)],
    [t('personal.taxId'), data.taxId],
    [t('personal.phone'), data.phone],
    [t('personal.education'), localizedNameOrNull(data.education)],
  ];
  // Group, position and faculty only where they apply (a student's group, a teacher's position).
  const roleRows: [string, ReactNode][] = [
    [t('personal.group'), data.group],
    [t('personal.position'), localizedNameOrNull(data.position)],
    [t('personal.faculty'), localizedNameOrNull(data.faculty)],
  ];
  rows.push(...roleRows.filter(([, value]) => value));

  return (
    <Stack>
      <Group wrap="nowrap">
        <UserAvatar fullName={data.fullName} size={72} />
        <Title order={2} size="h3">
          {t('personal.heading')}
        </Title>
      </Group>
      <DataList withDivider labelWidth="160px">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value ?? empty}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Stack>
  );
}
