import { Button, Image, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { qrPngImage, qrSvgImage } from '../../../lib/qr';

interface Props {
  /** The payment link (what the QR says). */
  link: string;
  code: string;
  /** Describes the picture. */
  alt: string;
}

/** The payment QR, drawn in the browser and saveable as a PNG file; the link's text below it. */
export function PaymentQr({ link, code, alt }: Props) {
  const { t } = useTranslation('payment');
  const svg = useMemo(() => qrSvgImage(link), [link]);
  const png = useMemo(() => qrPngImage(link), [link]);

  return (
    <Stack gap="sm" align="center">
      <Image src={svg} alt={alt} w={240} h={240} radius="sm" data-testid="payment-qr" />
      <Button
        component="a"
        href={png ?? undefined}
        download={t('qr.fileName', { code })}
        variant="light"
        disabled={!png}
      >
        {t('qr.save')}
      </Button>
      <TextInput
        w="100%"
        label={t('qr.linkLabel')}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      />
    </Stack>
  );
}
