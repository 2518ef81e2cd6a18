import { Text, VisuallyHidden } from '@mantine/core';
import type { JournalLesson } from '@okuu/contracts/journal/common';
import { useTranslation } from 'react-i18next';
import { formatDayMonth } from '../../../lib/format';

/**
 * A lesson's column heading: its day and, below, its pair (and which time of a double lesson), so two lessons of one
 * day tell apart; read out in full.
 */
export function LessonHeading({ lesson }: { lesson: Pick<JournalLesson, 'visitDate' | 'number' | 'timesCount'> }) {
  const { t } = useTranslation('journal');
  const times = lesson.timesCount > 1 ? `/${lesson.timesCount}` : '';
  return (
    <>
      <span aria-hidden="true">
        {formatDayMonth(lesson.visitDate)}
        <br />
        <Text span size="xs" c="dimmed">
          {lesson.number}
          {times}
        </Text>
      </span>
      <VisuallyHidden>
        {t('table.lessonName', { date: formatDayMonth(lesson.visitDate), number: lesson.number })}
      </VisuallyHidden>
    </>
  );
}
