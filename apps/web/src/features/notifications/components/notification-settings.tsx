import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '../catalogue';
import { Button, Checkbox, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { NotificationSettingsData } from '@okuu/contracts/notifications/settings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { disablePush, enablePush, pushEnabled, pushSupported } from '../../../lib/push';
import { toast } from '../../../lib/toast';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings';

/** The profile's notification settings: per kind and channel, one switch that mutes all, and push on this device. */
export function NotificationSettings() {
  const { t } = useTranslation('notifications');
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const change = (next: NotificationSettingsData) =>
    save.mutate(next, {
      onSuccess: () => toast(t('settings.saved')),
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('settings.title')}
      </Title>
      <QueryView query={query}>
        {(settings) => (
          <Stack gap="sm">
            <Switch
              label={t('settings.muteAll')}
              checked={settings.muted}
              onChange={(e) => change({ ...settings, muted: e.currentTarget.checked })}
            />
            <Table withTableBorder={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.event')}</Table.Th>
                  <Table.Th>{t('settings.app')}</Table.Th>
                  <Table.Th>{t('settings.push')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settings.kinds.map((k) => {
                  const name = t(`settings.kinds.${k.kind}`);
                  const cell = (channel: 'app' | 'push') =>
                    k[channel] === null ? null : (
                      <Checkbox
                        aria-label={`${name}: ${t(`settings.${channel}`)}`}
                        checked={k[channel] === true}
                        disabled={settings.muted}
                        onChange={(e) =>
                          change({
                            ...settings,
                            kinds: settings.kinds.map((o) =>
                              o.kind === k.kind ? { ...o, [channel]: e.currentTarget.checked } : o,
                            ),
                          })
                        }
                      />
                    );
                  return (
                    <Table.Tr key={k.kind}>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td>{cell('app')}</Table.Td>
                      <Table.Td>{cell('push')}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <PushSwitch />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** Push on this device: the browser's permission is asked only when the person presses the button. */
function PushSwitch() {
  const { t } = useTranslation('notifications');
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();
  useEffect(() => {
    if (supported) void pushEnabled().then(setOn, () => setOn(false));
  }, [supported]);
  if (!supported) return <Text size="sm">{t('settings.pushUnsupported')}</Text>;
  const denied = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await disablePush();
        setOn(false);
      } else {
        const granted = await enablePush();
        setOn(granted);
        if (!granted) toast(t('settings.pushDenied'), 'error');
      }
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{denied ? t('settings.pushDenied') : on ? t('settings.pushOn') : t('settings.pushOff')}</Text>
      {!denied && on !== null && (
        <Button variant="default" loading={busy} onClick={() => void toggle()}>
          {on ? t('settings.pushDisable') : t('settings.pushEnable')}
        </Button>
      )}
    </Stack>
  );
}
