import { Stack } from '@mantine/core';
import type { CorrectionTopic } from '@okuu/contracts/card/card';
import { QueryView } from '../../../components/ui/query-view';
import { useMyCard } from '../api/get-card';
import { CardView } from './card-view';
import { MyCorrections } from './my-corrections';
import { ReportMistake } from './report-mistake';

const studentTopics: readonly CorrectionTopic[] = ['personal', 'study', 'groups', 'credits', 'other'];
const teacherTopics: readonly CorrectionTopic[] = ['personal', 'teaching', 'other'];

/** The signed-in person's own card, "Report a mistake", and their requests with their status. */
export function MyCard() {
  const query = useMyCard();
  return (
    <QueryView query={query}>
      {(card) => (
        <Stack gap="md">
          <CardView card={card} actions={<ReportMistake topics={card.student ? studentTopics : teacherTopics} />} />
          <MyCorrections />
        </Stack>
      )}
    </QueryView>
  );
}
