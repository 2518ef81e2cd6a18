import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type {
  HomeAction,
  HomeAttendance,
  HomeGrade,
  HomeGradingSheet,
  HomeJournalGap,
  HomeNews,
  HomeUnread,
} from '@okuu/contracts/home/summary';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon } from '../../../components/ui/icons';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { chatLink, journalLink } from '../lib/links';
import classes from './home.module.css';
import { HomeCard } from './home-card';

/** A student's to-dos, most urgent first: a reference to download, a payment to make or finish. */
export function ActionsCard({ actions }: { actions: HomeAction[] }) {
  const { t } = useTranslation('home');
  return (
    <HomeCard title={t('actions.title')} testId="home-actions">
      <ul className={classes.list}>
        {actions.map((action) => (
          <li key={keyOf(action)} className={classes.item}>
            <ActionItem action={action} />
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}

const keyOf = (action: HomeAction) =>
  `${action.kind}:${action.kind === 'reference' ? action.id_order : action.kind === 'registration' ? action.ws : action.id}`;

function ActionItem({ action }: { action: HomeAction }) {
  const { t } = useTranslation('home');
  if (action.kind === 'test') {
    return (
      <>
        <div>
          <Text fw={600} className={classes.wrap}>
            {t('actions.test', { title: action.title })}
          </Text>
          <Text size="sm" c="dimmed" className={classes.wrap}>
            {localizedName(action.discipline)} · {t('actions.closes', { time: formatDateTime(action.closesAt) })}
          </Text>
        </div>
        <Button component={Link} to="/lms/testing" size="xs">
          {action.inProgress ? t('actions.continueTest') : t('actions.takeTest')}
        </Button>
      </>
    );
  }
  if (action.kind === 'questionnaire') {
    return (
      <>
        <div>
          <Text fw={600} className={classes.wrap}>
            {t('actions.questionnaire', { title: action.title })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('actions.unanswered', { n: formatNumber(action.unanswered) })} ·{' '}
            {t('actions.closes', { time: formatDateTime(action.closesAt) })}
          </Text>
        </div>
        <Button component={Link} to="/lms/questionnaire" size="xs" variant="default">
          {t('actions.answer')}
        </Button>
      </>
    );
  }
  if (action.kind === 'registration') {
    const time = formatDateTime(action.closesAt);
    return (
      <>
        <div>
          <Text fw={600} c={action.closingSoon ? 'red' : undefined}>
            {action.closingSoon ? t('actions.registrationSoon', { time }) : t('actions.registration', { time })}
          </Text>
          <Text size="sm" c="dimmed" className={classes.wrap}>
            {t('actions.unchosen', { list: action.unchosen.map((d) => localizedName(d)).join(', ') })}
          </Text>
        </div>
        <Button component={Link} to="/lms/registration" size="xs">
          {t('actions.register')}
        </Button>
      </>
    );
  }
  if (action.kind === 'reference') {
    return (
      <>
        <div>
          <Text fw={600} className={classes.wrap}>
            {t('actions.reference', { document: localizedName(action.document) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('actions.issued', { date: formatDate(action.issued) })}
          </Text>
        </div>
        <Group gap="xs">
          <Button component="a" href={action.documentUrl} download size="xs" leftSection={<DownloadIcon size={14} />}>
            {t('actions.download')}
          </Button>
          <Button component={Link} to="/lms/singlewindow" size="xs" variant="default">
            {t('actions.open')}
          </Button>
        </Group>
      </>
    );
  }
  const service = localizedName(action.service);
  return (
    <>
      <div>
        <Text fw={600} className={classes.wrap}>
          {action.status === 'partial'
            ? t('actions.paymentPartial', { service })
            : t('actions.paymentPending', { service })}
        </Text>
        <Text size="sm" c="dimmed">
          {action.status === 'partial'
            ? t('actions.paid', { received: formatMoney(action.received), amount: formatMoney(action.amount) })
            : t('actions.due', { amount: formatMoney(action.amount) })}
          {' · '}
          {t('actions.code', { code: action.code })}
        </Text>
      </div>
      <Button component={Link} to="/lms/paymentcode" size="xs" variant="default">
        {t('actions.open')}
      </Button>
    </>
  );
}

/** Who wrote and how many are unread; each opens that conversation. */
export function UnreadCard({ unread }: { unread: HomeUnread }) {
  const { t } = useTranslation('home');
  return (
    <HomeCard title={t('unread.title')} testId="home-unread" more={{ to: '/lms/chat', label: t('unread.open') }}>
      <ul className={classes.list}>
        {unread.people.map((person) => (
          <li key={person.id} className={classes.item}>
            <Anchor component={Link} to={chatLink(person.id)} className={classes.wrap}>
              {person.name}
            </Anchor>
            <Badge radius="xl">{person.count}</Badge>
          </li>
        ))}
        {unread.groups > 0 && (
          <li className={classes.item}>
            <Anchor component={Link} to="/lms/chat">
              {t('unread.groups')}
            </Anchor>
            <Badge radius="xl">{unread.groups}</Badge>
          </li>
        )}
      </ul>
    </HomeCard>
  );
}

/** The three newest items of the reader's feed. */
export function NewsCard({ news }: { news: HomeNews[] }) {
  const { t } = useTranslation('home');
  return (
    <HomeCard title={t('news.title')} testId="home-news" more={{ to: '/lms/news', label: t('news.all') }}>
      <Stack gap="sm" component="ul" className={classes.list}>
        {news.map((item) => (
          <li key={item.id}>
            <Text size="xs" c="dimmed">
              {item.author} · {formatDateTime(item.created)}
            </Text>
            <Text size="sm" lineClamp={3} className={classes.wrap}>
              {item.message}
            </Text>
          </li>
        ))}
      </Stack>
    </HomeCard>
  );
}

/** A student's disciplines with many absences; each opens their journal. */
export function AttendanceCard({ attendance }: { attendance: HomeAttendance[] }) {
  const { t } = useTranslation('home');
  return (
    <HomeCard
      title={t('attendance.title')}
      testId="home-attendance"
      more={{ to: '/lms/journal', label: t('attendance.open') }}
    >
      <ul className={classes.list}>
        {attendance.map((d) => (
          <li key={d.id_discipline} className={classes.item}>
            <Text size="sm" fw={600} className={classes.wrap}>
              {localizedName(d.discipline)}
            </Text>
            <Text size="sm" c="red">
              {t('attendance.line', { absences: formatNumber(d.absences), lessons: formatNumber(d.lessons) })}
            </Text>
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}

/** A teacher's recent lessons with no journal entry; each opens that journal. */
export function JournalGapsCard({ gaps }: { gaps: HomeJournalGap[] }) {
  const { t } = useTranslation('home');
  return (
    <HomeCard title={t('gaps.title')} testId="home-journal-gaps">
      <ul className={classes.list}>
        {gaps.map((g) => (
          <li
            key={`${g.date}/${g.id_discipline}/${g.id_vid_zaniatiy}/${g.audience.kind}/${g.audience.id}`}
            className={classes.item}
          >
            <div>
              <Text size="sm" fw={600} className={classes.wrap}>
                {localizedName(g.discipline)} · {localizedName(g.lessonKind)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(g.date)} · {g.audience.name}
              </Text>
            </div>
            <Anchor component={Link} to={journalLink(g)} size="sm">
              {t('gaps.open')}
            </Anchor>
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}

/** A student's disciplines whose points changed in the last two weeks: the sum and its letter. */
export function GradesCard({ grades }: { grades: HomeGrade[] }) {
  const { t } = useTranslation('home');
  return (
    <HomeCard title={t('grades.title')} testId="home-grades" more={{ to: '/lms/grading', label: t('grades.open') }}>
      <ul className={classes.list}>
        {grades.map((g) => (
          <li key={g.sheetId} className={classes.item}>
            <Text size="sm" fw={600} className={classes.wrap}>
              {localizedName(g.discipline)}
            </Text>
            <Text size="sm">
              {g.letter
                ? t('grades.totalWithLetter', { total: formatNumber(g.total), letter: g.letter })
                : t('grades.total', { total: formatNumber(g.total) })}
              {g.closed ? ` · ${t('grades.closed')}` : ''}
            </Text>
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}

/** A teacher's grading sheets still open as the half-year ends: how full each is. */
export function GradingSheetsCard({ sheets }: { sheets: HomeGradingSheet[] }) {
  const { t } = useTranslation('home');
  const endsOn = sheets[0]?.endsOn;
  return (
    <HomeCard
      title={t('sheets.title', { date: endsOn ? formatDate(endsOn) : '' })}
      testId="home-grading-sheets"
      more={{ to: '/lms/grading', label: t('sheets.open') }}
    >
      <ul className={classes.list}>
        {sheets.map((sheet) => (
          <li key={sheet.id} className={classes.item}>
            <Text size="sm" fw={600} className={classes.wrap}>
              {localizedName(sheet.discipline)} · {localizedName(sheet.audience)}
            </Text>
            <Text size="sm" c={sheet.filled < sheet.cells ? 'orange.8' : undefined}>
              {t('sheets.filled', { filled: formatNumber(sheet.filled), cells: formatNumber(sheet.cells) })}
            </Text>
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}
