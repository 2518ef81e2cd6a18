import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ScheduleDay, WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { addDays, bishkekDay, mondayOf, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { QueryView } from '../../../components/ui/query-view';
import { formatDate, formatTime } from '../../../lib/format';
import { useSchedule } from '../api/get-schedule';
import { useNow } from '../hooks/use-now';
import { lessonStates } from '../lib/lesson-state';
import { latestKeptSchedule, type ScheduleOwner } from '../lib/schedule-cache';
import { type DayChoice, DayFilter, weekdays } from './day-filter';
import { LessonCard } from './lesson-card';
import classes from './schedule.module.css';

interface Props {
  owner: ScheduleOwner;
  viewer: 'teacher' | 'student';
  /** Today's half-year; undefined while it is asked, null when it cannot be (offline): then the last kept week. */
  period: { year: number; ws: number } | null | undefined;
}

type Today = ReturnType<typeof bishkekDay>;

function DaySection({
  day,
  week,
  today,
  viewer,
  online,
}: {
  day: ScheduleDay;
  week: 'odd' | 'even';
  today: Today;
  viewer: Props['viewer'];
  /** This week's online links (the week's reply). */
  online: WeekSchedule['online'];
}) {
  const { t } = useTranslation('schedule');
  const date = addDays(mondayOf(today.date), day.day_number - 1);
  const states = lessonStates(day, week, today);
  const headingId = `schedule-day-${day.day_number}`;
  const isToday = day.day_number === today.weekday;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('day.heading', { day: t(`days.${day.day_number as 1}.long`), date: formatDate(date) })}
        {isToday && (
          <Text span c="dimmed" fw={400} size="sm">
            {` · ${t('day.today')}`}
          </Text>
        )}
      </Title>
      {day.lessons.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('day.empty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {day.lessons.map((lesson) => (
            <LessonCard
              key={lesson.id}
              lesson={lesson}
              viewer={viewer}
              state={states.get(lesson.id) ?? null}
              today={isToday}
              online={online?.find((o) => o.id_shed === lesson.id && o.date === date)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Week({ data, viewer, choice }: { data: WeekSchedule; viewer: Props['viewer']; choice: DayChoice }) {
  const now = useNow();
  const today = bishkekDay(now);
  const week = weekOfHalfYear(today.date, data.startsOn).parity;
  const byNumber = new Map(data.days.map((d) => [d.day_number, d]));
  const dayOf = (n: number): ScheduleDay => byNumber.get(n) ?? { day_number: n, lessons: [] };

  if (choice !== 'all') {
    return <DaySection day={dayOf(choice)} week={week} today={today} viewer={viewer} online={data.online} />;
  }
  // The whole week: Monday to Friday always, the weekend when it has lessons.
  const shown = weekdays.filter((n) => n <= 5 || dayOf(n).lessons.length > 0);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
      {shown.map((n) => (
        <DaySection key={n} day={dayOf(n)} week={week} today={today} viewer={viewer} online={data.online} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The caller's week: the weekday filter (today chosen on opening), this week's parity, the lessons of the chosen day
 * (or of every day) with the lesson in progress and the next one marked, and the kept copy's date with a refresh.
 */
export function ScheduleScreen({ owner, viewer, period }: Props) {
  const { t } = useTranslation('schedule');
  const [choice, setChoice] = useState<DayChoice>(() => bishkekDay(new Date()).weekday as DayChoice);
  // Offline (or when today's half-year cannot be asked) the last week kept on this device is shown.
  const unknownPeriod = period === null;
  const fallback = useMemo(() => (unknownPeriod ? latestKeptSchedule(owner) : null), [unknownPeriod, owner]);
  const shownPeriod = period ?? (fallback ? { year: fallback.year, ws: fallback.ws } : null);
  const schedule = useSchedule(owner, shownPeriod);
  const data = schedule.data;
  const week = data ? weekOfHalfYear(bishkekDay(new Date()).date, data.startsOn) : null;

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`intro.${viewer}`)}
        </Text>
      </div>

      {data && (
        <Group justify="space-between" align="center" gap="xs">
          {week && <Text fw={500}>{t('week.current', { number: week.number, parity: t(`week.${week.parity}`) })}</Text>}
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('cache.updated', {
                date: formatDate(new Date(schedule.dataUpdatedAt)),
                time: formatTime(new Date(schedule.dataUpdatedAt)),
              })}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<RefreshIcon size={14} />}
              loading={schedule.isFetching}
              onClick={() => void schedule.refetch()}
            >
              {t('cache.refresh')}
            </Button>
          </Group>
        </Group>
      )}

      <DayFilter value={choice} onChange={setChoice} />

      {shownPeriod ? (
        <QueryView query={schedule}>{(week) => <Week data={week} viewer={viewer} choice={choice} />}</QueryView>
      ) : period === undefined ? (
        <Loading />
      ) : (
        <OfflineNotice />
      )}
    </Stack>
  );
}
