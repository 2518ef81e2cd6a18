import { Anchor, Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ScheduleLesson, WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GroupIcon, PinIcon, UserIcon } from '../../../components/ui/icons';
import { localizedName } from '../../../lib/localized';
import { audienceNote, type LessonState } from '../lib/lesson-state';
import classes from './schedule.module.css';

interface Props {
  lesson: ScheduleLesson;
  /** A teacher sees the groups; a student the teacher. */
  viewer: 'teacher' | 'student';
  state: LessonState;
  /** The lesson is today (a teacher can start its QR check-in). */
  today?: boolean;
  /** Its online link on the date shown (a student's only while "Join" is open). */
  online?: NonNullable<WeekSchedule['online']>[number];
}

/** One lesson: slot and time, discipline and kind, week parity, who (groups or teacher) and where. */
export function LessonCard({ lesson, viewer, state, today = false, online }: Props) {
  const { t } = useTranslation('schedule');
  const note = audienceNote(lesson);
  const room = t('lesson.roomLabel', {
    room: `${lesson.room.building.shortName}-${lesson.room.number}`,
    building: localizedName(lesson.room.building),
  });

  return (
    <li className={classes.lesson} data-state={state ?? undefined} aria-current={state === 'now' ? 'time' : undefined}>
      <div className={classes.time}>
        <Text size="xs" c="dimmed">
          {t('lesson.slot', { number: lesson.number })}
        </Text>
        <Text size="sm" fw={600}>
          {lesson.start}
        </Text>
        <Text size="xs" c="dimmed">
          {lesson.end}
        </Text>
      </div>
      <div className={classes.body}>
        <Group gap={6} mb={4}>
          {state === 'now' && (
            <Badge color="okuu" radius="sm" tt="none">
              {t('lesson.nowOn')}
            </Badge>
          )}
          {state === 'next' && (
            <Badge color="okuu" variant="outline" radius="sm" tt="none">
              {t('lesson.next')}
            </Badge>
          )}
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {localizedName(lesson.lessonKind)}
          </Badge>
          {online && (
            <Badge variant="light" color="okuu" radius="sm" tt="none">
              {t('lesson.online')}
            </Badge>
          )}
          {lesson.parity !== 'every' && (
            <Badge variant="light" color="violet" radius="sm" tt="none" className={classes.parity}>
              {t(`lesson.${lesson.parity}`)}
            </Badge>
          )}
          {state === 'offWeek' && (
            <Text size="xs" c="dimmed">
              {t('lesson.notThisWeek')}
            </Text>
          )}
        </Group>
        <Text component="h3" fw={600} size="md" lh={1.3} className={classes.wrap}>
          {localizedName(lesson.discipline)}
        </Text>
        {viewer === 'student' ? (
          <Group gap={6} wrap="nowrap" mt={2}>
            <UserIcon size={16} />
            <Text size="sm" className={classes.wrap}>
              <VisuallyHidden>{t('lesson.teacher')}: </VisuallyHidden>
              {lesson.t_fio}
            </Text>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap" mt={2}>
            <GroupIcon size={16} />
            <Text size="sm" className={classes.wrap}>
              <VisuallyHidden>{t('lesson.groups')}: </VisuallyHidden>
              {lesson.groups.map((g) => g.name).join(', ')}
            </Text>
          </Group>
        )}
        {note && (
          <Text size="xs" c="dimmed" ml={22} className={classes.wrap}>
            {t(`lesson.${note.kind}`, { name: note.name })}
          </Text>
        )}
        <Group gap={6} wrap="nowrap" mt={2}>
          <PinIcon size={16} />
          <Text size="sm" className={classes.wrap}>
            <VisuallyHidden>{t('lesson.room')}: </VisuallyHidden>
            {room}
          </Text>
        </Group>
        {viewer === 'teacher' && today && state !== 'offWeek' && (
          <Button component={Link} to={`/lms/schedule/qr/${lesson.id}`} size="xs" variant="light" mt="xs">
            {t('lesson.checkin')}
          </Button>
        )}
        {online && (online.url || online.recording) && (
          <Group gap="xs" mt="xs">
            {online.url && online.state !== 'past' && (
              <Button
                component="a"
                href={online.url}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                variant={online.state === 'open' ? 'filled' : 'light'}
                aria-label={`${t('lesson.join')} ${t('lesson.newTab')}`}
              >
                {t('lesson.join')}
              </Button>
            )}
            {online.recording && (
              <Anchor href={online.recording} target="_blank" rel="noopener noreferrer" size="sm">
                {t('lesson.recording')}
              </Anchor>
            )}
          </Group>
        )}
        {viewer === 'student' && state === 'now' && (
          <Button component={Link} to="/lms/public/checkin" size="xs" variant="light" mt="xs">
            {t('lesson.checkinStudent')}
          </Button>
        )}
      </div>
    </li>
  );
}
