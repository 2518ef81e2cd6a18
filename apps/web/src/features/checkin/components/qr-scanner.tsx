import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrReader, tokenOfScan } from '../lib/detector';
import classes from './checkin.module.css';

/** How often a frame of the camera is read. */
const READ_EVERY_MS = 250;

/** The camera in the page, reading frames until one holds a check-in link of this portal; then `onToken`. */
export function QrScanner({ onToken, onClose }: { onToken: (token: string) => void; onClose: () => void }) {
  const { t } = useTranslation('checkin');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'reading' | 'denied'>('starting');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        const [media, reader] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createQrReader(),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play().catch(() => {});
        setState('reading');
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await reader.read(video.current).catch(() => null);
          const token = text ? tokenOfScan(text) : null;
          if (token) onToken(token);
          else timer = setTimeout(tick, READ_EVERY_MS);
        };
        void tick();
      } catch {
        if (!stopped) setState('denied');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onToken]);

  return (
    <Stack gap="sm" align="center">
      {state === 'denied' ? (
        <Alert color="yellow">{t('student.cameraDenied')}</Alert>
      ) : (
        <>
          <video ref={video} className={classes.video} muted playsInline aria-label={t('student.scanHint')} />
          {state === 'starting' ? <Loader size="sm" /> : <Text size="sm">{t('student.scanHint')}</Text>}
        </>
      )}
      <Button variant="default" onClick={onClose}>
        {t('student.stopScan')}
      </Button>
    </Stack>
  );
}
