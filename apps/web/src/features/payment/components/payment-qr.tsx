import { Button, Image, Stack, TextInput } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The payment link (what the QR says). */
  link: string;
  code: string;
  /** Describes the picture. */
  alt: string;
}

/** The payment QR, drawn as a PNG in the browser, saveable as a file; the link's text below it. */
export function PaymentQr({ link, code, alt }: Props) {
  const { t } = useTranslation('payment');
  const [png, setPng] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // Black on white with a quiet zone, whatever the theme: bank apps read it best so.
    toDataURL(link, { errorCorrectionLevel: 'M', margin: 4, width: 480, color: { dark: '#000000', light: '#ffffff' } })
      .then((url) => current && setPng(url))
      .catch(() => current && setPng(null));
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <Stack gap="sm" align="center">
      {png ? (
        <Image src={png} alt={alt} w={240} h={240} radius="sm" data-testid="payment-qr" />
      ) : (
        <div style={{ width: 240, height: 240 }} />
      )}
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
