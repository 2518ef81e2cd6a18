import '@mantine/core/styles/Table.css';
import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PersonCard, StudentCard, TeacherCard } from '@okuu/contracts/card/card';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate, formatDateTime, formatMoney, formatNumber, initials } from '../../../lib/format';
import { localizedName, localizedNameOrNull } from '../../../lib/localized';
import classes from './card.module.css';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A term and its value, one pair a line (wraps on a phone). */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={classes.facts}>
      {items.map(([term, value]) => (
        <div key={term} className={classes.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StudentSections({ s }: { s: StudentCard }) {
  const { t } = useTranslation('card');
  const halfName = (ws: number) => t(`registrations.half.${ws}` as 'registrations.half.1', { defaultValue: '' });
  return (
    <>
      <Section title={t('study.heading')} testId="card-study">
        <Facts
          items={[
            [t('study.recordBook'), s.recordBook ?? t('personal.none')],
            [t('study.faculty'), localizedName(s.faculty)],
            [t('study.department'), localizedName(s.department)],
            [t('study.speciality'), `${s.speciality.code} ${localizedName(s.speciality)}`],
            [t('study.form'), t(`study.${s.studyForm}`)],
            [t('study.course'), s.course === null ? t('personal.none') : formatNumber(s.course)],
            [t('study.group'), s.group.name],
            [t('study.admission'), String(s.admissionYear)],
          ]}
        />
      </Section>
      <Section title={t('groups.heading')} testId="card-groups">
        {s.groups.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('groups.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" className={classes.list}>
            {s.groups.map((m) => (
              <li key={`${m.at}-${m.to}`}>
                <Text size="sm" fw={500}>
                  {m.from ? t('groups.move', { from: m.from, to: m.to }) : t('groups.first', { to: m.to })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(m.at)} · {t(`groups.source.${m.source}`)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('credits.heading')} testId="card-credits">
        {s.credits.semesters.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('credits.empty')}
          </Text>
        ) : (
          <ScrollTable label={t('credits.heading')} minWidth={280}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('credits.semester')}</Table.Th>
                  <Table.Th ta="right">{t('credits.planned')}</Table.Th>
                  <Table.Th ta="right">{t('credits.earned')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.credits.semesters.map((row) => (
                  <Table.Tr key={row.id_semester}>
                    <Table.Td>{localizedName(row)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.planned)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.earned)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>{t('credits.total')}</Table.Th>
                  <Table.Th ta="right" data-testid="credits-planned">
                    {formatNumber(s.credits.planned)}
                  </Table.Th>
                  <Table.Th ta="right" data-testid="credits-earned">
                    {formatNumber(s.credits.earned)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollTable>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          {t('credits.note')}
        </Text>
      </Section>
      <Section title={t('registrations.heading')} testId="card-registrations">
        {s.registrations === null ? (
          <Text c="dimmed" size="sm">
            {t('registrations.none')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {t('registrations.period', {
                year: s.registrations.id_a_year,
                next: String(s.registrations.id_a_year + 1).slice(-2),
                half: halfName(s.registrations.ws),
              })}
            </Text>
            {s.registrations.items.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('registrations.empty')}
              </Text>
            ) : (
              <Stack gap={6} component="ul" className={classes.list}>
                {s.registrations.items.map((r) => (
                  <li key={r.id}>
                    <Text size="sm" fw={500}>
                      {localizedName(r.discipline)}
                      {r.lessonKind && (
                        <Text span c="dimmed" size="sm">
                          {' · '}
                          {localizedName(r.lessonKind)}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[r.teacher, t('registrations.credits', { count: r.credits })].filter(Boolean).join(' · ')}
                    </Text>
                  </li>
                ))}
              </Stack>
            )}
          </>
        )}
      </Section>
      <Section title={t('orders.heading')} testId="card-orders">
        {s.orders.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('orders.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" className={classes.list}>
            {s.orders.map((o) => (
              <li key={o.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={500}>
                    {localizedName(o.document)}
                  </Text>
                  <StatusBadge color={o.status === 'waiting' ? 'gray' : 'blue'}>
                    {t(`orders.status.${o.status}` as 'orders.status.waiting', { defaultValue: o.status })}
                  </StatusBadge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDate(o.created)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('payments.heading')} testId="card-payments">
        {s.payments.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('payments.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" className={classes.list}>
            {s.payments.map((p) => (
              <li key={p.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={500}>
                    {localizedName(p.service)}
                  </Text>
                  <StatusBadge color={p.status === 'partial' ? 'yellow' : 'gray'}>
                    {t(`payments.status.${p.status}` as 'payments.status.pending', { defaultValue: p.status })}
                  </StatusBadge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('payments.amount', { received: formatMoney(p.received), amount: formatMoney(p.amount) })} ·{' '}
                  {formatDate(p.created)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}

function TeacherSections({ teacher }: { teacher: TeacherCard }) {
  const { t } = useTranslation('card');
  const w = teacher.workload;
  return (
    <>
      <Section title={t('teacher.heading')} testId="card-work">
        <Facts
          items={[
            [t('teacher.faculty'), localizedName(teacher.faculty)],
            [t('teacher.department'), localizedName(teacher.department)],
            [t('teacher.positions'), teacher.positions.map((p) => localizedName(p)).join(', ')],
          ]}
        />
      </Section>
      <Paper withBorder p="md" radius="md" data-testid="card-teaching" className={classes.wide}>
        <Title order={2} size="h4" mb="sm">
          {t('teaching.heading')}
        </Title>
        {w === null ? (
          <Text c="dimmed" size="sm">
            {t('teaching.none')}
          </Text>
        ) : w.teaching.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('teaching.empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {t('teaching.period', {
                year: w.year,
                next: String(w.year + 1).slice(-2),
                half: t(`registrations.half.${w.ws}` as 'registrations.half.1', { defaultValue: '' }),
              })}
            </Text>
            <ScrollTable label={t('teaching.heading')} minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teaching.discipline')}</Table.Th>
                    <Table.Th>{t('teaching.kind')}</Table.Th>
                    <Table.Th>{t('teaching.audience')}</Table.Th>
                    <Table.Th ta="right">{t('teaching.planned')}</Table.Th>
                    <Table.Th ta="right">{t('teaching.given')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {w.teaching.map((r) => (
                    <Table.Tr key={`${r.discipline.id}/${r.lessonKind.id}/${r.audience.kind}:${r.audience.id}`}>
                      <Table.Td>{localizedName(r.discipline)}</Table.Td>
                      <Table.Td>{localizedName(r.lessonKind)}</Table.Td>
                      <Table.Td>{t(`teaching.audienceKind.${r.audience.kind}`, { name: r.audience.name })}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.planned)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.given)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={3}>{t('teaching.total')}</Table.Th>
                    <Table.Th ta="right">{formatNumber(w.totals.planned)}</Table.Th>
                    <Table.Th ta="right">{formatNumber(w.totals.given)}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollTable>
          </>
        )}
      </Paper>
    </>
  );
}

/** A person's card: the header with the photo, personal data, then a student's studies or a teacher's work. */
export function CardView({ card, actions }: { card: PersonCard; actions?: ReactNode }) {
  const { t } = useTranslation('card');
  const p = card.person;
  const none = t('personal.none');
  return (
    <Stack gap="md">
      <Group gap="md" justify="space-between" align="center" data-testid="card-header">
        <Group gap="md" wrap="nowrap" align="center" className={classes.identity}>
          <Avatar src={p.photoUrl} alt={p.photoUrl ? t('photo') : t('noPhoto')} size={72} radius="md" color="blue">
            {initials(p.fullName)}
          </Avatar>
          <Stack gap={4} className={classes.grow}>
            <Title order={2} size="h3" className={classes.wrap}>
              {p.fullName}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{t(`role.${p.role}` as 'role.1', { defaultValue: '' })}</Badge>
              {card.student && <Badge variant="outline">{card.student.group.name}</Badge>}
            </Group>
          </Stack>
        </Group>
        {actions}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className={classes.grid}>
        <Section title={t('personal.heading')} testId="card-personal">
          <Facts
            items={[
              [t('personal.birthDate'), p.birthDate ? formatDate(p.birthDate) : none],
              [t('personal.gender'), p.gender ? t(`personal.${p.gender}`) : none],
              [t('personal.nationality'), localizedNameOrNull(p.nationality) ?? none],
              [t('personal.citizenship'), localizedNameOrNull(p.citizenship) ?? none],
              [t('personal.phone'), p.phone ?? none],
              [t('personal.education'), localizedNameOrNull(p.education) ?? none],
            ]}
          />
        </Section>
        {card.student && <StudentSections s={card.student} />}
        {card.teacher && <TeacherSections teacher={card.teacher} />}
      </SimpleGrid>
    </Stack>
  );
}
