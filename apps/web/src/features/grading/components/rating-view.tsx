import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { Rating, RatingScope } from '@okuu/contracts/grading/rating';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMyRating, useRatingScopes, useStaffRating, useTeacherRating } from '../api/rating';
import classes from './grading.module.css';

const gpa = (value: number | null) => (value === null ? '—' : formatNumber(value, 2));

function Period({ whole, onChange }: { whole: boolean; onChange: (whole: boolean) => void }) {
  const { t } = useTranslation('grading');
  return <Switch label={t('rating.whole')} checked={whole} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

function ScopeControl({ value, onChange }: { value: RatingScope; onChange: (scope: RatingScope) => void }) {
  const { t } = useTranslation('grading');
  return (
    <SegmentedControl
      aria-label={t('rating.scope')}
      value={value}
      onChange={(v) => onChange(v as RatingScope)}
      data={(['group', 'stream', 'faculty'] as const).map((s) => ({ value: s, label: t(`rating.scopes.${s}`) }))}
    />
  );
}

/** A rating's table: place, student, group, credits, points, GPA. */
export function RatingTable({ rating }: { rating: Rating }) {
  const { t } = useTranslation('grading');
  if (rating.rows.length === 0) return <Alert color="blue">{t('rating.empty')}</Alert>;
  return (
    <ScrollTable minWidth={560} label={t('rating.tableLabel', { name: rating.name })}>
      <Table striped withTableBorder verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t('rating.place')}</Table.Th>
            <Table.Th>{t('rating.student')}</Table.Th>
            <Table.Th>{t('rating.group')}</Table.Th>
            <Table.Th ta="right">{t('rating.credits')}</Table.Th>
            <Table.Th ta="right">{t('rating.points')}</Table.Th>
            <Table.Th ta="right">{t('rating.gpa')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rating.rows.map((r) => (
            <Table.Tr key={r.studentId}>
              <Table.Td ta="right">{r.place}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>{r.group}</Table.Td>
              <Table.Td ta="right">{r.credits}</Table.Td>
              <Table.Td ta="right">{r.points}</Table.Td>
              <Table.Td ta="right">{gpa(r.gpa)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** A student's place, out of how many, and the spread of GPAs (bars with their counts), no one else's name. */
export function StudentRating() {
  const { t } = useTranslation('grading');
  const [scope, setScope] = useState<RatingScope>('group');
  const [whole, setWhole] = useState(true);
  const rating = useMyRating(scope, whole);
  return (
    <Stack gap="md">
      <Group gap="md" wrap="wrap">
        <ScopeControl value={scope} onChange={setScope} />
        <Period whole={whole} onChange={setWhole} />
      </Group>
      <QueryView query={rating}>
        {(data) => {
          const most = Math.max(1, ...data.distribution.map((d) => d.count));
          const myBand = data.gpa === null ? -1 : Math.min(7, Math.floor(data.gpa * 2));
          return (
            <Stack gap="md">
              <Paper withBorder p="md">
                <Text size="sm" c="dimmed">
                  {data.name}
                </Text>
                {data.place === null ? (
                  <Text>{t('rating.noPlace')}</Text>
                ) : (
                  <>
                    <Title order={2} size="h3" data-testid="my-place">
                      {t('rating.myPlace', { place: data.place, of: data.of })}
                    </Title>
                    <Text size="sm">
                      {t('rating.myValues', { gpa: gpa(data.gpa), points: data.points, credits: data.credits })}
                    </Text>
                  </>
                )}
              </Paper>
              <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={t('rating.distribution')}>
                <Table.Caption>{t('rating.distribution')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('rating.gpa')}</Table.Th>
                    <Table.Th ta="right">{t('rating.students')}</Table.Th>
                    <Table.Th w="50%">
                      <span className={classes.muted}>{t('rating.bar')}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.distribution.map((d, i) => (
                    <Table.Tr key={d.from} className={i === myBand ? classes.mine : undefined}>
                      <Table.Td>
                        {formatNumber(d.from, 2)}–{formatNumber(d.to, 2)}
                        {i === myBand ? ` ${t('rating.you')}` : ''}
                      </Table.Td>
                      <Table.Td ta="right">{d.count}</Table.Td>
                      <Table.Td>
                        <div className={classes.bar} style={{ width: `${(d.count / most) * 100}%` }} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}

/** A teacher's groups' ratings. */
export function TeacherRating() {
  const { t } = useTranslation('grading');
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [whole, setWhole] = useState(false);
  const rating = useTeacherRating(groupId, whole);
  return (
    <QueryView query={rating}>
      {(data) => (
        <Stack gap="md">
          <Group gap="md" align="flex-end">
            <Select
              label={t('rating.group')}
              data={data.groups.map((g) => ({ value: String(g.id), label: g.name }))}
              value={String(groupId ?? data.rating?.id ?? '')}
              onChange={(v) => v && setGroupId(Number(v))}
              allowDeselect={false}
              w={220}
            />
            <Period whole={whole} onChange={setWhole} />
          </Group>
          {data.rating ? <RatingTable rating={data.rating} /> : <Alert color="blue">{t('rating.noGroups')}</Alert>}
        </Stack>
      )}
    </QueryView>
  );
}

/** Staff: any group, stream or faculty, with the export. */
export function StaffRating() {
  const { t } = useTranslation('grading');
  const [scope, setScope] = useState<RatingScope>('group');
  const [id, setId] = useState<number | null>(null);
  const [whole, setWhole] = useState(false);
  const scopes = useRatingScopes();
  const rating = useStaffRating(scope, id, whole);
  const xlsx =
    id === null
      ? null
      : `/api/grading/rating/staff.xlsx?${new URLSearchParams({ scope, id: String(id), whole: String(whole), lang: currentLanguage() })}`;
  return (
    <QueryView query={scopes}>
      {(lists) => (
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <ScopeControl
              value={scope}
              onChange={(s) => {
                setScope(s);
                setId(null);
              }}
            />
            <Select
              label={t(`rating.scopes.${scope}`)}
              data={lists[scope].map((x) => ({ value: String(x.id), label: x.name }))}
              value={id === null ? null : String(id)}
              onChange={(v) => setId(v ? Number(v) : null)}
              searchable
              w={260}
            />
            <Period whole={whole} onChange={setWhole} />
            {xlsx ? (
              <Button component="a" href={xlsx} download variant="default">
                {t('rating.xlsx')}
              </Button>
            ) : null}
          </Group>
          {id === null ? (
            <Text c="dimmed">{t('rating.choose')}</Text>
          ) : (
            <QueryView query={rating}>{(data) => <RatingTable rating={data} />}</QueryView>
          )}
        </Stack>
      )}
    </QueryView>
  );
}
