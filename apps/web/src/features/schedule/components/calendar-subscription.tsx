import { ActionIcon, Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CheckIcon, CopyIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { formatDate } from '../../../lib/format';
import { useCalendarStatus, useEnableCalendar, useRevokeCalendar } from '../api/calendar';

/**
 * The private calendar subscription: turn it on to get an address (shown once: only its hash is kept) to paste into
 * a calendar app, copy it, make a new one, or turn it off (confirmed).
 */
export function CalendarSubscription() {
  const { t } = useTranslation('schedule');
  const status = useCalendarStatus();
  const enable = useEnableCalendar();
  const revoke = useRevokeCalendar();
  const [confirming, setConfirming] = useState(false);
  const address = enable.data && status.data?.enabled ? new URL(enable.data.url, window.location.origin).href : null;
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} radius="md" aria-labelledby="calendar-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-heading">
          {t('calendar.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('calendar.text')}
        </Text>
        <QueryView query={status} compact>
          {(state) => (
            <>
              {(enable.isError || revoke.isError) && (
                <Alert color="red" variant="light">
                  {t('calendar.failed')}
                </Alert>
              )}
              {address && (
                <>
                  <TextInput
                    label={t('calendar.address')}
                    value={address}
                    readOnly
                    onFocus={(event) => event.currentTarget.select()}
                    rightSection={
                      <CopyButton value={address}>
                        {({ copied, copy }) => (
                          <ActionIcon
                            variant="subtle"
                            onClick={copy}
                            aria-label={copied ? t('calendar.copied') : t('calendar.copy')}
                            title={copied ? t('calendar.copied') : t('calendar.copy')}
                          >
                            {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
                          </ActionIcon>
                        )}
                      </CopyButton>
                    }
                  />
                  <Text size="xs" c="dimmed">
                    {t('calendar.hint')}
                  </Text>
                </>
              )}
              {state.enabled && !address && (
                <Text size="sm">
                  {state.createdAt && t('calendar.enabledSince', { date: formatDate(state.createdAt) })}{' '}
                  {t('calendar.addressOnce')}
                </Text>
              )}
              <Group gap="sm">
                {state.enabled ? (
                  <>
                    <Button variant="default" onClick={() => enable.mutate()} loading={enable.isPending}>
                      {t('calendar.renew')}
                    </Button>
                    <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                      {t('calendar.revoke')}
                    </Button>
                  </>
                ) : (
                  <Button onClick={() => enable.mutate()} loading={enable.isPending}>
                    {t('calendar.enable')}
                  </Button>
                )}
              </Group>
            </>
          )}
        </QueryView>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        busy={revoke.isPending}
        labels={{
          heading: t('calendar.confirm.heading'),
          text: t('calendar.confirm.text'),
          confirm: t('calendar.confirm.confirm'),
          cancel: t('calendar.confirm.cancel'),
          close: t('calendar.confirm.close'),
        }}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              enable.reset();
              setConfirming(false);
            },
          })
        }
      />
    </Paper>
  );
}
