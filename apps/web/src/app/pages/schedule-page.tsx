import '../../features/rooms/catalogue';
import '../../features/schedule/catalogue';
import { Alert, Stack } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { addDays, mondayOf } from '@okuu/contracts/schedule/weeks';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { useCurrentHalfYear } from '../../features/discipline/api/get-current-half-year';
import { useCurrentYear } from '../../features/discipline/api/get-current-year';
import { MyBookings } from '../../features/rooms/components/my-bookings';
import { CalendarSubscription } from '../../features/schedule/components/calendar-subscription';
import { ScheduleScreen } from '../../features/schedule/components/schedule-screen';
import { bishkekDay } from '../../lib/format';
import { useOnlineStatus } from '../../lib/network';
import { useSessionUser } from '../../lib/use-session';

/** Monday to Sunday of today's week in Bishkek (YYYY-MM-DD). */
function thisWeek() {
  const from = mondayOf(bishkekDay());
  return { from, to: addDays(from, 6) };
}

/**
 * /lms/schedule: the signed-in teacher's or student's week of today's half-year (a teacher's room bookings of the week
 * below it), and their calendar subscription.
 * Offline, the week kept on this device. Other roles get a notice.
 */
export function SchedulePage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('schedule');
  const user = useSessionUser();
  const { online } = useOnlineStatus();
  const year = useCurrentYear();
  const halfYear = useCurrentHalfYear();
  const viewer = user.role === roles.teacher ? 'teacher' : user.role === roles.student ? 'student' : null;

  // Today's half-year; offline, or when the server cannot say, the last week kept on this device.
  const period =
    year.data && halfYear.data
      ? { year: year.data.year, ws: halfYear.data.ws }
      : !online || year.isError || halfYear.isError
        ? null
        : undefined;

  return (
    <Stack gap="xl" maw={1040}>
      <PageTitle page={t('titles.schedule')} />
      {viewer ? (
        <>
          <ScheduleScreen owner={{ uid: user.id, role: user.role }} viewer={viewer} period={period} />
          {viewer === 'teacher' && online && <MyBookings range={thisWeek()} />}
          {online && <CalendarSubscription />}
        </>
      ) : (
        <Alert color="blue">{ts('notForRole')}</Alert>
      )}
    </Stack>
  );
}
