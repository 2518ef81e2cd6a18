import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { HomeCards } from '@okuu/contracts/home/summary';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import classes from './home.module.css';
import { HomeCard } from './home-card';

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {to ? (
        <Anchor component={Link} to={to} fz="xl" fw={700}>
          {value}
        </Anchor>
      ) : (
        <Text fz="xl" fw={700}>
          {value}
        </Text>
      )}
    </div>
  );
}

/**
 * Staff's home: the reference-order and correction-request queues, the failed imports, today's payments and the latest
 * audit entries. (The audit actions and import kinds are named by the staff screens' catalogues, which the page loads
 * with this code.)
 */
export function StaffCards({ cards }: { cards: HomeCards }) {
  const { t } = useTranslation('home');
  const { t: ts } = useTranslation('staff');
  const { t: tc } = useTranslation('card');
  const { t: ti } = useTranslation('staff-import');
  return (
    <>
      {cards.orders && (
        <HomeCard
          title={t('staff.orders')}
          testId="home-orders"
          more={{ to: '/lms/staff/orders', label: t('staff.openQueue') }}
        >
          <Group gap="xl">
            <Figure label={t('staff.waiting')} value={formatNumber(cards.orders.waiting)} to="/lms/staff/orders" />
            <Figure label={t('staff.preparing')} value={formatNumber(cards.orders.preparing)} />
          </Group>
          {cards.orders.oldestWaitingSince && (
            <Text size="sm" c="dimmed">
              {t('staff.oldest', { time: formatDateTime(cards.orders.oldestWaitingSince) })}
            </Text>
          )}
        </HomeCard>
      )}
      {cards.corrections && (
        <HomeCard
          title={tc('home.title')}
          testId="home-corrections"
          more={{ to: '/lms/staff/corrections', label: t('staff.openQueue') }}
        >
          <Group gap="xl">
            <Figure label={tc('home.new')} value={formatNumber(cards.corrections.new)} to="/lms/staff/corrections" />
            <Figure label={tc('home.inProgress')} value={formatNumber(cards.corrections.inProgress)} />
          </Group>
          {cards.corrections.oldestNewSince && (
            <Text size="sm" c="dimmed">
              {tc('home.oldest', { time: formatDateTime(cards.corrections.oldestNewSince) })}
            </Text>
          )}
        </HomeCard>
      )}
      {cards.imports && (
        <HomeCard
          title={t('staff.imports')}
          testId="home-imports"
          more={{ to: '/lms/staff/import', label: t('staff.openImport') }}
        >
          <Figure label={t('staff.importsFailed')} value={formatNumber(cards.imports.count)} to="/lms/staff/import" />
          <Stack gap={6} component="ul" className={classes.list}>
            {cards.imports.latest.map((failed) => (
              <li key={`${failed.kind}-${failed.at}`}>
                <Text size="sm" className={classes.wrap}>
                  {ti(`kind.${failed.kind}`)}
                  {failed.fileName ? `: ${failed.fileName}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`staff.importReason.${failed.reason ?? 'failed'}`)} · {failed.actorName} ·{' '}
                  {formatDateTime(failed.at)}
                </Text>
              </li>
            ))}
          </Stack>
        </HomeCard>
      )}
      {cards.payments && (
        <HomeCard
          title={t('staff.payments')}
          testId="home-payments"
          more={{ to: '/lms/staff/payments', label: t('staff.openPayments') }}
        >
          <Group gap="xl">
            <Figure label={t('staff.paymentsCount')} value={formatNumber(cards.payments.count)} />
            <Figure label={t('staff.paidTotal')} value={formatMoney(cards.payments.paidTotal)} />
          </Group>
        </HomeCard>
      )}
      {cards.audit && (
        <HomeCard
          title={t('staff.audit')}
          testId="home-audit"
          more={{ to: '/lms/staff/audit', label: t('staff.openAudit') }}
        >
          <Stack gap={6} component="ul" className={classes.list}>
            {cards.audit.map((entry) => (
              <li key={entry.id}>
                <Text size="sm" className={classes.wrap}>
                  {ts(`action.${entry.action}` as 'action.order.status', { defaultValue: entry.action })}
                  {entry.targetName ? `: ${entry.targetName}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.actorName} · {formatDateTime(entry.at)}
                </Text>
              </li>
            ))}
          </Stack>
        </HomeCard>
      )}
    </>
  );
}
