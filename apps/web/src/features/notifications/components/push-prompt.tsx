import '@mantine/core/styles/Affix.css';
import '../catalogue';
import { Affix, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/error-message';
import { enablePush, pushEnabled, pushSupported } from '../../../lib/push';
import { answerPushOffer, usePushOffered } from '../../../lib/push-offer';
import { toast } from '../../../lib/toast';

/** Whether this device can still take the offer: push supported, not refused in the browser, not on already. */
async function worthOffering(): Promise<boolean> {
  if (!pushSupported() || Notification.permission === 'denied') return false;
  return !(await pushEnabled().catch(() => false));
}

/**
 * The one-time offer to turn push on, shown after a relevant action (lib/push offerPush) in a small non-modal box at
 * the bottom: "turn on" subscribes this device as the profile's switch does; "not now" (or Escape) is remembered.
 */
export function PushPrompt() {
  const { t } = useTranslation('notifications');
  const offered = usePushOffered();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const enableRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    if (!offered) setShown(false);
    else
      void worthOffering().then((worth) => {
        if (!live) return;
        // A device that cannot take it, or has push on already, has answered the offer.
        if (worth) setShown(true);
        else answerPushOffer('done');
      });
    return () => {
      live = false;
    };
  }, [offered]);
  // The keyboard goes to the offer once it shows (after the action's own focus changes: its form, its toast).
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => enableRef.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;
  const later = () => answerPushOffer('dismissed');
  const enable = async () => {
    setBusy(true);
    try {
      const granted = await enablePush();
      toast(granted ? t('prompt.enabled') : t('settings.pushDenied'), granted ? 'success' : 'error');
      answerPushOffer(granted ? 'done' : 'dismissed');
    } catch (error) {
      toast(errorMessage(error), 'error');
      answerPushOffer('dismissed');
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') later();
  };

  // Above the phone layout's tab bar (some 64 px high), at the same place on a desktop. The strip it sits in lets
  // clicks through: only the box itself takes them.
  return (
    <Affix
      position={{ bottom: 'calc(env(safe-area-inset-bottom, 0px) + 80px)', right: 16 }}
      zIndex={300}
      style={{ left: 16, display: 'flex', justifyContent: 'flex-end', pointerEvents: 'none' }}
    >
      <Paper
        style={{ pointerEvents: 'auto' }}
        role="dialog"
        aria-labelledby={titleId}
        withBorder
        shadow="lg"
        radius="md"
        p="md"
        maw={380}
        w="100%"
        onKeyDown={onKeyDown}
        data-testid="push-prompt"
      >
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <BellIcon size={20} />
            <Text id={titleId} fw={600}>
              {t('prompt.title')}
            </Text>
          </Group>
          <Text size="sm">{t('prompt.text')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={later}>
              {t('prompt.later')}
            </Button>
            <Button ref={enableRef} loading={busy} onClick={() => void enable()}>
              {t('prompt.enable')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
