import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type CheckinLesson, checkinPath } from '@okuu/contracts/qr/checkin';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber, formatParams } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { hasStoredSession, LOGIN_PATH } from '../../../lib/session';
import { scanCheckin, sendCheckin } from '../api/checkin';
import { currentPlace, type FixFailure } from '../lib/place';
import { QrScanner } from './qr-scanner';

type Step =
  | { kind: 'idle' }
  | { kind: 'scanning' }
  | { kind: 'checking' }
  | { kind: 'signIn' }
  | { kind: 'locating' }
  | { kind: 'sending' }
  | { kind: 'done'; repeat: boolean; distanceM: number }
  /** Why it failed: a text of this screen, or a failed call (explained while rendering, in the current language). */
  | { kind: 'failed'; key?: 'locationDenied' | 'locationFailed' | 'notStudent'; error?: unknown; retry: boolean };

/** The lesson of the last scan, kept for the tab through the sign-in (the ticket it goes with, and the lesson). */
const lessonKey = 'checkin.lesson';

function keptLesson(ticket: string | null): CheckinLesson | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(lessonKey) ?? 'null') as { ticket: string; lesson: CheckinLesson };
    return kept && kept.ticket === ticket ? kept.lesson : null;
  } catch {
    return null;
  }
}

/** Where sign-in sends the student back to: this page with the ticket. */
function returnPath(ticket: string): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(`${checkinPath}?k=${ticket}`)}`;
}

/**
 * The student's side of QR check-in (/lms/public/checkin). The link in the projector's QR (`?t=<token>`) is traded at once
 * for a ticket (`?k=`), before anything slow: a student who is not signed in signs in and comes back to it. Then the
 * phone's location goes with the ticket; the answer is the check-in or the reason it was refused. Opened without a
 * code, the page offers its own camera scanner.
 */
export function CheckinScreen() {
  const { t, i18n } = useTranslation('checkin');

  /** A refusal of QR check-in explained with its numbers (this screen's texts), any other failure as usual. */
  function refusalMessage(err: unknown): string {
    if (!(err instanceof ApiError) || !i18n.exists(`checkin:refused.${err.code}`)) return errorMessage(err);
    return t(`refused.${err.code}` as 'refused.qr_stale', formatParams(err.params ?? {}));
  }
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('t');
  const ticket = params.get('k');
  const [step, setStep] = useState<Step>({ kind: token || ticket ? 'checking' : 'idle' });
  const [lesson, setLesson] = useState<CheckinLesson | null>(() => keptLesson(ticket));
  const [attempt, setAttempt] = useState(0);

  // A token: trade it for a ticket now (it changes every 15 s), and keep only the ticket in the address.
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    setStep({ kind: 'checking' });
    scanCheckin(token)
      .then((scanned) => {
        if (cancelled) return;
        setLesson(scanned.lesson);
        try {
          sessionStorage.setItem(lessonKey, JSON.stringify({ ticket: scanned.ticket, lesson: scanned.lesson }));
        } catch {
          // No storage (a private window): the lesson shows again once the check-in answers.
        }
        setParams({ k: scanned.ticket }, { replace: true });
      })
      .catch((error) => !cancelled && setStep({ kind: 'failed', error, retry: false }));
    return () => {
      cancelled = true;
    };
  }, [token, setParams]);

  // A ticket: sign in first if needed, then the location, then the check-in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` runs it again (the retry button).
  useEffect(() => {
    if (!ticket) return;
    if (!hasStoredSession()) {
      setStep({ kind: 'signIn' });
      navigate(returnPath(ticket), { replace: true });
      return;
    }
    let cancelled = false;
    setStep({ kind: 'locating' });
    currentPlace()
      .then((fix) => {
        if (cancelled) return null;
        setStep({ kind: 'sending' });
        return sendCheckin(ticket, fix);
      })
      .then((done) => {
        if (cancelled || !done) return;
        setLesson(done.lesson);
        setStep({ kind: 'done', repeat: done.repeat, distanceM: done.distanceM });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        if (err === ('denied' satisfies FixFailure)) {
          setStep({ kind: 'failed', key: 'locationDenied', retry: true });
        } else if (err === ('failed' satisfies FixFailure)) {
          setStep({ kind: 'failed', key: 'locationFailed', retry: true });
        } else if (err instanceof ApiError && err.status === 401) {
          navigate(returnPath(ticket), { replace: true });
        } else if (err instanceof ApiError && err.code === 'forbidden') {
          setStep({ kind: 'failed', key: 'notStudent', retry: false });
        } else {
          const code = err instanceof ApiError ? err.code : null;
          const retry = code === 'qr_too_far' || code === 'qr_fix_too_coarse' || !(err instanceof ApiError && code);
          setStep({ kind: 'failed', error: err, retry });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [ticket, navigate, attempt]);

  const scanned = useCallback((found: string) => setParams({ t: found }, { replace: true }), [setParams]);

  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        {t('student.heading')}
      </Title>
      {lesson && (
        <Text fw={600}>
          {t('student.lesson', {
            discipline: localizedName(lesson.discipline),
            audience: lesson.audience,
            room: lesson.room,
            start: lesson.startsAt,
            end: lesson.endsAt,
          })}
        </Text>
      )}
      <div aria-live="polite">
        {step.kind === 'idle' && (
          <Stack gap="sm" align="flex-start">
            <Text>{t('student.noCode')}</Text>
            <Button onClick={() => setStep({ kind: 'scanning' })}>{t('student.scan')}</Button>
          </Stack>
        )}
        {step.kind === 'scanning' && <QrScanner onToken={scanned} onClose={() => setStep({ kind: 'idle' })} />}
        {(step.kind === 'checking' || step.kind === 'locating' || step.kind === 'sending') && (
          <Stack gap="xs">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{t(`student.${step.kind}`)}</Text>
            </Group>
            {step.kind === 'locating' && (
              <Text size="sm" c="dimmed">
                {t('student.locationHint')}
              </Text>
            )}
          </Stack>
        )}
        {step.kind === 'signIn' && (
          <Stack gap="sm" align="flex-start">
            <Text>{t('student.signIn')}</Text>
            <Button component={Link} to={returnPath(ticket ?? '')}>
              {t('student.signInButton')}
            </Button>
          </Stack>
        )}
        {step.kind === 'done' && (
          <Alert color="teal" title={t(step.repeat ? 'student.repeat' : 'student.success')} role="status">
            {t('student.distance', { meters: formatNumber(Math.round(step.distanceM)) })}
          </Alert>
        )}
        {step.kind === 'failed' && (
          <Stack gap="sm" align="flex-start">
            <Alert color="red" role="alert" w="100%">
              {step.key ? t(`student.${step.key}`) : refusalMessage(step.error)}
            </Alert>
            {step.retry && ticket && <Button onClick={() => setAttempt((n) => n + 1)}>{t('student.retry')}</Button>}
            {!ticket && (
              <Button
                variant="default"
                onClick={() => {
                  setParams({}, { replace: true });
                  setStep({ kind: 'idle' });
                }}
              >
                {t('student.scan')}
              </Button>
            )}
          </Stack>
        )}
      </div>
      <Button component={Link} to="/lms" variant="subtle" w="fit-content">
        {t('student.home')}
      </Button>
    </Stack>
  );
}
