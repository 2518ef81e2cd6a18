import '../../features/rooms/catalogue';
import { Stack } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { RoomsScreen } from '../../features/rooms/components/rooms-screen';
import { useSessionUser } from '../../lib/use-session';

/** /lms/rooms: free rooms, a room's week; teachers book, staff cancel bookings. */
export function RoomsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const viewer = user.role === roles.teacher ? 'teacher' : user.role === roles.student ? 'student' : 'staff';
  return (
    <Stack gap="xl" maw={1200}>
      <PageTitle page={t('titles.rooms')} />
      <RoomsScreen viewer={viewer} />
    </Stack>
  );
}
