import '../../features/news/catalogue';
import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { configQuery } from '../../features/misc/api/get-config';
import { useFacultyList } from '../../features/misc/api/get-faculty-list';
import { NewsFeed } from '../../features/news/components/news-feed';
import { NewsPostForm } from '../../features/news/components/news-post-form';
import { currentLanguage } from '../../lib/i18n';
import { useSessionUser } from '../../lib/use-session';

const facultyName = { ru: 'name', kg: 'nameKg', en: 'nameEn' } as const;

/**
 * /lms/news (and the mobile news tab): the feed; for users with the news permission, the post form above it, with
 * the faculties to address and the upload limit of config.json.
 */
export function NewsPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const config = useQuery(configQuery);
  const faculties = useFacultyList({ enabled: user.newsPerms });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the interface language.
  const facultyOptions = useMemo(() => {
    const key = facultyName[currentLanguage()];
    return (faculties.data ?? []).map((faculty) => ({
      value: String(faculty.id),
      label: `${faculty.shortName} — ${faculty[key]}`,
    }));
  }, [faculties.data, i18n.language]);

  return (
    <Stack gap="lg" maw={860}>
      <PageTitle page={t('titles.news')} />
      <Title order={1} size="h2">
        {t('nav.news')}
      </Title>
      {user.newsPerms && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <NewsPostForm faculties={facultyOptions} maxUploadMb={config.data?.maxUploadMb} />
        </Paper>
      )}
      <NewsFeed />
    </Stack>
  );
}
