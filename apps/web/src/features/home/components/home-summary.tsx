import { Text } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import type { HomeSummary } from '@okuu/contracts/home/summary';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime } from '../../../lib/format';
import { useHomeSummary } from '../api/get-home-summary';
import { useHomeLive } from '../hooks/use-home-live';
import {
  ActionsCard,
  AttendanceCard,
  GradesCard,
  GradingSheetsCard,
  JournalGapsCard,
  NewsCard,
  UnreadCard,
} from './action-cards';
import classes from './home.module.css';
import { LessonsCard } from './lessons-card';

/**
 * The cards of the signed-in person's home, in the order that matters for their role: a student's and a teacher's
 * lessons first (on a phone, above the fold), then what needs action, messages, news. Staff's cards come from
 * `staffCards` (their code loads for staff only). Cards with nothing to show are absent from the summary.
 */
export function HomeSummaryView({
  user,
  staffCards,
}: {
  user: { id: number; role: number };
  staffCards?: (summary: HomeSummary) => ReactNode;
}) {
  const { t } = useTranslation('home');
  const query = useHomeSummary(user.id);
  useHomeLive();
  const viewer = user.role === roles.teacher ? 'teacher' : 'student';

  return (
    <QueryView query={query}>
      {(summary) => {
        const { cards } = summary;
        const shown = Object.keys(cards).length > 0;
        return (
          <>
            <div className={classes.grid} data-testid="home-cards">
              {cards.lessons && <LessonsCard lessons={cards.lessons} viewer={viewer} />}
              {cards.actions && <ActionsCard actions={cards.actions} />}
              {cards.attendance && <AttendanceCard attendance={cards.attendance} />}
              {cards.journalGaps && <JournalGapsCard gaps={cards.journalGaps} />}
              {cards.gradingSheets && <GradingSheetsCard sheets={cards.gradingSheets} />}
              {cards.grades && <GradesCard grades={cards.grades} />}
              {cards.unread && <UnreadCard unread={cards.unread} />}
              {cards.news && <NewsCard news={cards.news} />}
              {staffCards?.(summary)}
            </div>
            {!shown && <Text c="dimmed">{t('nothing')}</Text>}
            <Text size="xs" c="dimmed" data-testid="home-as-of">
              {t('asOf', { time: formatDateTime(summary.at) })}
            </Text>
          </>
        );
      }}
    </QueryView>
  );
}
