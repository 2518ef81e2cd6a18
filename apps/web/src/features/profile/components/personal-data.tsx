import '@mantine/core/styles/DataList.css';
import { Alert, Button, DataList, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { localizedNameOrNull } from '../../../lib/localized';
import { useProfileData } from '../api/get-profile-data';
import { UserAvatar } from './user-avatar';

/** Full name, gender, birth date, nationality, citizenship, tax id, phone, education (and group or position). */
export function PersonalData() {
  const { t } = useTranslation('profile');
  const profile = useProfileData();

  if (profile.isPending && profile.isPaused) return <OfflineNotice />;
  if (profile.isPending) return <Skeleton height={280} />;
  if (profile.isError) {
    return (
      <Alert color="red" title={t('personal.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(profile.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void profile.refetch()}>
            {t('personal.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const data = profile.data;
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
      {profile.isPaused && <OfflineNotice cached />}
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
