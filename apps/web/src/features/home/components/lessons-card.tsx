import { Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { HomeLesson, HomeLessons } from '@okuu/contracts/home/summary';
import type { WebinarItem } from '@okuu/contracts/webinars/webinars';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GroupIcon, PinIcon, UserIcon } from '../../../components/ui/icons';
import { formatDate } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { checkinLink, journalLink } from '../lib/links';
import classes from './home.module.css';
import { HomeCard } from './home-card';

/** Today's lessons (or the next day's), the one on now or next first in view; a teacher's with check-in and journal. */
export function LessonsCard({ lessons, viewer }: { lessons: HomeLessons; viewer: 'student' | 'teacher' }) {
  const { t } = useTranslation('home');
  return (
    <HomeCard
      testId="home-lessons"
      title={lessons.today ? t('lessons.today') : t('lessons.nextDay', { date: formatDate(lessons.date) })}
      more={{ to: '/lms/schedule', label: t('lessons.schedule') }}
    >
      <ol className={classes.lessons}>
        {ordered(lessons.items).map((lesson) => (
          <LessonItem key={lesson.id} lesson={lesson} viewer={viewer} today={lessons.today} />
        ))}
        {lessons.online?.map((item) => (
          <OnlineItem key={item.id} item={item} />
        ))}
      </ol>
    </HomeCard>
  );
}

/** The lesson on now, then the next, then the later ones; those over last (a phone shows the one that matters first). */
function ordered(items: HomeLesson[]): HomeLesson[] {
  const rank = { now: 0, next: 1, later: 2, done: 3 } as const;
  return [...items].sort((a, b) => rank[a.state] - rank[b.state] || a.number - b.number);
}

/** "Join": the meeting opens in a new tab; filled while the lesson's window is open. */
function JoinLink({ url, open }: { url: string; open: boolean }) {
  const { t } = useTranslation('home');
  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      variant={open ? 'filled' : 'light'}
      aria-label={`${t('lessons.join')} ${t('lessons.newTab')}`}
    >
      {t('lessons.join')}
    </Button>
  );
}

/** A teacher's online lesson of their own today (not on the timetable): its time, title and "Join" in its window. */
function OnlineItem({ item }: { item: WebinarItem }) {
  const { t } = useTranslation('home');
  return (
    <li className={classes.lesson} data-state={item.state === 'open' ? 'now' : 'later'}>
      <div className={classes.time}>
        <Text size="sm" fw={700}>
          {item.start}
        </Text>
        <Text size="xs" c="dimmed">
          {item.end}
        </Text>
      </div>
      <div className={classes.body}>
        <Group gap={6} mb={2}>
          <Badge variant="light" color="okuu" radius="sm" tt="none">
            {t('lessons.online')}
          </Badge>
        </Group>
        <Text component="h3" fw={600} size="md" lh={1.3} className={classes.wrap}>
          {item.title}
        </Text>
        <Group gap={6} wrap="nowrap">
          <UserIcon size={16} />
          <Text size="sm" className={classes.wrap}>
            {item.mine ? item.audience.name : item.teacher.name}
          </Text>
        </Group>
        {item.url && (
          <Group gap="xs" mt={6}>
            <JoinLink url={item.url} open={item.state === 'open'} />
          </Group>
        )}
      </div>
    </li>
  );
}

function LessonItem({ lesson, viewer, today }: { lesson: HomeLesson; viewer: 'student' | 'teacher'; today: boolean }) {
  const { t } = useTranslation('home');
  const room = t('lessons.roomLabel', {
    room: `${lesson.room.building.shortName}-${lesson.room.number}`,
    building: localizedName(lesson.room.building),
  });
  const checkin = lesson.checkin;
  return (
    <li className={classes.lesson} data-state={lesson.state} aria-current={lesson.state === 'now' ? 'time' : undefined}>
      <div className={classes.time}>
        <Text size="sm" fw={700}>
          {lesson.start}
        </Text>
        <Text size="xs" c="dimmed">
          {lesson.end}
        </Text>
      </div>
      <div className={classes.body}>
        <Group gap={6} mb={2}>
          {lesson.state !== 'later' && (
            <Badge
              radius="sm"
              tt="none"
              color={lesson.state === 'done' ? 'gray' : 'okuu'}
              variant={lesson.state === 'now' ? 'filled' : lesson.state === 'next' ? 'outline' : 'light'}
            >
              {t(`lessons.${lesson.state}`)}
            </Badge>
          )}
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {localizedName(lesson.lessonKind)}
          </Badge>
          {lesson.online && (
            <Badge variant="light" color="okuu" radius="sm" tt="none">
              {t('lessons.online')}
            </Badge>
          )}
        </Group>
        <Text component="h3" fw={600} size="md" lh={1.3} className={classes.wrap}>
          {localizedName(lesson.discipline)}
        </Text>
        <Group gap={6} wrap="nowrap">
          <PinIcon size={16} />
          <Text size="sm" className={classes.wrap}>
            <VisuallyHidden>{t('lessons.room')}: </VisuallyHidden>
            {room}
          </Text>
        </Group>
        {viewer === 'student' ? (
          <Group gap={6} wrap="nowrap">
            <UserIcon size={16} />
            <Text size="sm" className={classes.wrap}>
              <VisuallyHidden>{t('lessons.teacher')}: </VisuallyHidden>
              {lesson.t_fio}
            </Text>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap">
            <GroupIcon size={16} />
            <Text size="sm" className={classes.wrap}>
              <VisuallyHidden>{t('lessons.groups')}: </VisuallyHidden>
              {lesson.groups.map((g) => g.name).join(', ')}
            </Text>
          </Group>
        )}
        {lesson.online?.url && lesson.online.state !== 'past' && (
          <Group gap="xs" mt={6}>
            <JoinLink url={lesson.online.url} open={lesson.online.state === 'open'} />
          </Group>
        )}
        {viewer === 'student' && lesson.state === 'now' && (
          <Group gap="xs" mt={6}>
            {checkin?.checkedIn ? (
              <Badge color="green" variant="light" radius="sm" tt="none">
                {t('lessons.checkedIn')}
              </Badge>
            ) : (
              <>
                {checkin?.running && (
                  <Text size="sm" c="dimmed">
                    {t('lessons.checkinRunning')}
                  </Text>
                )}
                <Button component={Link} to="/lms/public/checkin" size="xs" variant="light">
                  {t('lessons.checkin')}
                </Button>
              </>
            )}
          </Group>
        )}
        {viewer === 'teacher' && (
          <Group gap="xs" mt={6}>
            {today && (
              <Button
                component={Link}
                to={checkinLink(lesson)}
                size="xs"
                variant={lesson.state === 'now' ? 'filled' : 'light'}
              >
                {checkin?.running ? t('lessons.openCheckin') : t('lessons.startCheckin')}
              </Button>
            )}
            <Button component={Link} to={journalLink(lesson)} size="xs" variant="default">
              {t('lessons.openJournal')}
            </Button>
          </Group>
        )}
      </div>
    </li>
  );
}
