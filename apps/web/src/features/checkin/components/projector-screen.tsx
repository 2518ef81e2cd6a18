import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type CheckinToken, checkinPath } from '@okuu/contracts/qr/checkin';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { StatusBadge } from '../../../components/ui/status-badge';
import { sessionEnded } from '../../../lib/api';
import { ChatSocket, chatSocketUrl } from '../../../lib/chat-socket';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber, formatTime } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { qrSvgImage } from '../../../lib/qr';
import { checkinKeys, getCheckinToken, startCheckin, stopCheckin, useCheckinAttempts } from '../api/checkin';
import { currentPlace } from '../lib/place';
import classes from './checkin.module.css';

type Started = Awaited<ReturnType<typeof startCheckin>>;

/** How long the teacher's device may take to say where it is before the check-in starts without it. */
const PLACE_WAIT_MS = 3000;

/** The check-in link a token makes: the page a phone's camera app opens. */
export function checkinLink(token: string): string {
  return `${window.location.origin}${checkinPath}?t=${encodeURIComponent(token)}`;
}

/**
 * The projector's screen of a lesson's QR check-in: starts it (or finds it running), shows the code of the moment
 * with a countdown to the next one (the server's clock decides), and the count of students checked in and refused,
 * pushed over the socket as they scan. The teacher can go full screen and stop the check-in.
 */
export function ProjectorScreen({ entryId }: { entryId: number }) {
  const { t } = useTranslation('checkin');
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<Started | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const [shown, setShown] = useState<(CheckinToken & { offsetMs: number }) | null>(null);
  const [live, setLive] = useState<{ accepted: number; refused: number } | null>(null);
  const [stopped, setStopped] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [socketDown, setSocketDown] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const sessionId = started?.sessionId ?? null;
  const attempts = useCheckinAttempts(sessionId);

  // Start (the teacher's device's place if it tells within a moment).
  useEffect(() => {
    let cancelled = false;
    const place = Promise.race([
      currentPlace(PLACE_WAIT_MS).catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), PLACE_WAIT_MS)),
    ]);
    place
      .then((fix) => startCheckin(entryId, fix))
      .then((s) => {
        if (cancelled) return;
        setStarted(s);
        setShown({ token: s.token, expiresAt: s.expiresAt, serverMs: s.serverMs, offsetMs: s.serverMs - Date.now() });
      })
      .catch((err) => !cancelled && setStartError(err));
    return () => {
      cancelled = true;
    };
  }, [entryId]);

  // The next code when this one expires, by the server's clock.
  useEffect(() => {
    if (!shown || sessionId === null || stopped) return;
    const wait = Math.max(250, Date.parse(shown.expiresAt) - (Date.now() + shown.offsetMs) + 100);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getCheckinToken(sessionId, controller.signal)
        .then((next) => setShown({ ...next, offsetMs: next.serverMs - Date.now() }))
        .catch((err) => {
          if ((err as { code?: string }).code === 'qr_not_now') setStopped(true);
          // Otherwise (no network) the same code is asked again after a moment.
          else setShown((s) => s && { ...s, expiresAt: new Date(Date.now() + s.offsetMs + 2000).toISOString() });
        });
    }, wait);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [shown, sessionId, stopped]);

  // The live count, and the list fetched afresh after each scan (and after a reconnect).
  useEffect(() => {
    if (sessionId === null) return;
    const socket = new ChatSocket({
      url: chatSocketUrl(),
      onStatus: (status) => setSocketDown(status === 'closed'),
      onEvent: (event) => {
        if (event.type === 'qr' && event.sessionId === sessionId) {
          setLive({ accepted: event.accepted, refused: event.refused });
        } else if (event.type !== 'ready') {
          return;
        }
        void queryClient.invalidateQueries({ queryKey: checkinKeys.attempts(sessionId) });
      },
      onSessionEnded: sessionEnded,
    });
    socket.start();
    return () => socket.stop();
  }, [sessionId, queryClient]);

  const seconds = useCountdown(shown);

  if (startError) {
    return (
      <Alert color="red" title={t('projector.startFailed')}>
        {errorMessage(startError)}
      </Alert>
    );
  }
  if (!started || !shown) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('projector.starting')}</Text>
      </Group>
    );
  }

  const counts = live ?? attempts.data ?? { accepted: 0, refused: 0 };
  const lesson = started.lesson;
  const running = !stopped && attempts.data?.running !== false;

  async function stop() {
    if (sessionId === null) return;
    setStopping(true);
    try {
      await stopCheckin(sessionId);
      setStopped(true);
      setConfirming(false);
    } finally {
      setStopping(false);
    }
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen?.();
  }

  return (
    <Stack gap="lg">
      <div ref={stage} className={classes.stage}>
        <Stack gap={4} className={classes.lessonInfo}>
          <Title order={1} size="h2">
            {localizedName(lesson.discipline)}
          </Title>
          <Text size="lg">
            {lesson.audience} · {lesson.room} · {lesson.startsAt}–{lesson.endsAt}
          </Text>
        </Stack>
        <div className={classes.qrBox}>
          {running ? (
            <img
              className={classes.qr}
              src={qrSvgImage(checkinLink(shown.token))}
              alt={t('projector.qrAlt')}
              data-token={shown.token}
            />
          ) : (
            <Alert color="gray">{t('projector.stopped')}</Alert>
          )}
        </div>
        {running && (
          <Text size="lg" aria-live="off">
            {t('projector.changesIn', { seconds })}
          </Text>
        )}
        <Group gap="xl" justify="center" aria-live="polite" data-testid="checkin-counts">
          <Stack gap={0} align="center">
            <Text className={classes.count} c="teal">
              {counts.accepted}
            </Text>
            <Text>{t('projector.accepted')}</Text>
          </Stack>
          <Stack gap={0} align="center">
            <Text className={classes.count} c="red">
              {counts.refused}
            </Text>
            <Text>{t('projector.refused')}</Text>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {running ? t('projector.scanHint') : ''}
        </Text>
      </div>
      {socketDown && <Alert color="yellow">{t('projector.offline')}</Alert>}
      <Group gap="sm">
        <Button onClick={toggleFullscreen} variant="default">
          {t('projector.fullscreen')}
        </Button>
        {running && (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('projector.stop')}
          </Button>
        )}
        <Button component={Link} to="/lms/journal" variant="subtle">
          {t('projector.journal')}
        </Button>
        <Button component={Link} to="/lms/schedule" variant="subtle">
          {t('projector.back')}
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('projector.list')}
        </Title>
        <QueryView query={attempts}>
          {({ attempts: list }) =>
            list.length === 0 ? (
              <Text c="dimmed">{t('projector.empty')}</Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="checkin-attempts">
                {list.map((a) => (
                  <Group component="li" key={a.studentId} gap="xs" justify="space-between" wrap="wrap">
                    <Text fw={500}>{a.fullName}</Text>
                    <Group gap="xs">
                      <StatusBadge color={a.result === 'accepted' ? 'teal' : 'red'}>
                        {t(`result.${a.result}`)}
                      </StatusBadge>
                      {a.distanceM !== null && (
                        <Text size="sm" c="dimmed">
                          {t('projector.distance', { meters: formatNumber(Math.round(a.distanceM)) })}
                        </Text>
                      )}
                      <Text size="sm" c="dimmed">
                        {formatTime(a.at)}
                      </Text>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )
          }
        </QueryView>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        busy={stopping}
        onClose={() => setConfirming(false)}
        onConfirm={() => void stop()}
        labels={{
          heading: t('projector.stopTitle'),
          text: t('projector.stopText'),
          confirm: t('projector.stop'),
          cancel: t('projector.cancel'),
          close: t('projector.cancel'),
        }}
      />
    </Stack>
  );
}

/** Whole seconds until the shown code expires, by the server's clock, ticking. */
function useCountdown(shown: { expiresAt: string; offsetMs: number } | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!shown) return 0;
  return Math.max(0, Math.ceil((Date.parse(shown.expiresAt) - (now + shown.offsetMs)) / 1000));
}
