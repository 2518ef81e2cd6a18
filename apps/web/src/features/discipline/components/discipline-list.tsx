import '@mantine/core/styles/Combobox.css';
import { NativeSelect, NavLink, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { FilterDiscipline } from '@okuu/contracts/discipline/lists';
import { roles } from '@okuu/contracts/endpoint';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { shortName } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { readStorage, storageKeys } from '../../../lib/storage';
import { useSessionUser } from '../../../lib/use-session';
import { useCurrentHalfYear } from '../api/get-current-half-year';
import { useCurrentYear } from '../api/get-current-year';
import { type Period, useDisciplineGroups, useDisciplines, useDisciplineTeachers } from '../api/get-disciplines';

const halfYearNames = { 1: 'fall', 2: 'spring', 3: 'summer' } as const;
const academicYearName = (year: number) => `${year}-${String((year + 1) % 100).padStart(2, '0')}`;

/** Where a discipline leads: its study materials, and its chats (a teacher's groups and streams, a student's teachers). */
function DisciplineLinks({
  discipline,
  period,
  teacher,
  open,
}: {
  discipline: FilterDiscipline;
  period: Period;
  teacher: boolean;
  /** Its chats are asked for once it is opened. */
  open: boolean;
}) {
  const { t } = useTranslation('discipline');
  const groups = useDisciplineGroups(period, discipline.id_discipline, discipline.id_semester, open && teacher);
  const teachers = useDisciplineTeachers(period, discipline.id_discipline, discipline.id_semester, open && !teacher);
  const links = (chats: { key: string; label: string; to: string }[]) =>
    chats.map((chat) => <NavLink key={chat.key} component={Link} to={chat.to} label={chat.label} py={4} />);
  const loading = <Skeleton height={14} my={6} width="70%" />;

  return (
    <>
      <NavLink
        component={Link}
        to={`/lms/umk?id_semester=${discipline.id_semester}&id_discipline=${discipline.id_discipline}`}
        label={t('list.materials')}
        py={4}
      />
      {open && teacher && (
        <QueryView query={groups} compact loading={loading}>
          {(list) =>
            links([
              ...list.map((g) => ({
                key: `group-${g.id_group}`,
                label: t('list.groupChat', { name: g.name }),
                to: `/lms/chat?group=${g.id_group}`,
              })),
              ...[...new Map(list.flatMap((g) => g.streams).map((s) => [s.id_stream, s])).values()].map((s) => ({
                key: `stream-${s.id_stream}`,
                label: t('list.streamChat', { name: s.name }),
                to: `/lms/chat?stream=${s.id_stream}`,
              })),
            ])
          }
        </QueryView>
      )}
      {open && !teacher && (
        <QueryView query={teachers} compact loading={loading}>
          {(list) =>
            links(
              list.map((p) => ({
                key: `teacher-${p.id_teacher}`,
                label: t('list.teacherChat', { name: shortName(p.t_fio) }),
                to: `/lms/chat?to=${p.id_teacher}`,
              })),
            )
          }
        </QueryView>
      )}
    </>
  );
}

/**
 * The discipline list of the desktop layout: the caller's disciplines of a study period (the year chosen on home, or
 * today's, and today's half-year; another can be chosen here), each opening to its study materials and chats.
 */
export function DisciplineList() {
  const { t } = useTranslation('discipline');
  const user = useSessionUser();
  const year = useCurrentYear();
  const halfYear = useCurrentHalfYear();
  if (user.role !== roles.teacher && user.role !== roles.student) return null;
  return (
    <Stack gap={6}>
      <Title order={2} size="h5">
        {t('heading')}
      </Title>
      <QueryView queries={[year, halfYear] as const} compact>
        {([today, half]) => {
          const storedYear = Number(readStorage(storageKeys.academicYear));
          const current = {
            year: Number.isInteger(storedYear) && storedYear > 1990 ? storedYear : today.year,
            ws: half.ws,
          };
          return <Disciplines todayYear={today.year} current={current} teacher={user.role === roles.teacher} />;
        }}
      </QueryView>
    </Stack>
  );
}

/** The period's choice and its disciplines. */
function Disciplines({ todayYear, current, teacher }: { todayYear: number; current: Period; teacher: boolean }) {
  const { t } = useTranslation('discipline');
  const user = useSessionUser();
  const [chosen, setChosen] = useState<Period | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const period = chosen ?? current;
  const disciplines = useDisciplines(user.role, period);

  const years = Array.from({ length: 6 }, (_, i) => todayYear + 1 - i);
  const options = years.map((y) => ({
    group: academicYearName(y),
    items: ([1, 2, 3] as const).map((ws) => ({
      value: `${y}/${ws}`,
      label: t('period.option', { year: academicYearName(y), halfYear: t(`period.halfYear.${halfYearNames[ws]}`) }),
    })),
  }));

  return (
    <>
      <NativeSelect
        size="xs"
        aria-label={t('period.choose')}
        data={options}
        value={`${period.year}/${period.ws}`}
        onChange={(event) => {
          const [y, ws] = event.currentTarget.value.split('/').map(Number);
          setChosen({ year: y as number, ws: ws as number });
          setOpen(null);
        }}
      />
      <nav aria-label={t('list.label')}>
        <QueryView
          query={disciplines}
          compact
          loading={
            <Stack gap={8} py={4} aria-label={t('list.loading')}>
              <Skeleton height={14} width="90%" />
              <Skeleton height={14} width="75%" />
              <Skeleton height={14} width="82%" />
            </Stack>
          }
        >
          {(list) =>
            list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('list.none')}
              </Text>
            ) : (
              list.map((d) => {
                const key = `${d.id_discipline}/${d.id_semester}/${d.kredit}`;
                const details = t('list.details', { semester: localizedName(d.semester), count: d.kredit });
                return (
                  <NavLink
                    key={key}
                    component="button"
                    label={localizedName(d)}
                    description={d.isSelect ? `${details} · ${t('list.elective')}` : details}
                    opened={open === key}
                    onChange={(opened) => setOpen(opened ? key : null)}
                    py={5}
                    childrenOffset={12}
                  >
                    <DisciplineLinks discipline={d} period={period} teacher={teacher} open={open === key} />
                  </NavLink>
                );
              })
            )
          }
        </QueryView>
      </nav>
    </>
  );
}
