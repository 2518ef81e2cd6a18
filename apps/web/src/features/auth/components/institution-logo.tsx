import { Image, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized';
import { useLogo } from '../api/get-logo';
import universityImage from '../assets/university.svg';

/** Spec section 9: logo width 30 percent and name font size 16 px unless the server says otherwise. */
const DEFAULT_WIDTH = 30;
const DEFAULT_FONT_SIZE = 16;

/** The institution's logo and name from /logo.json; the default university image when the logo fails to load. */
export function InstitutionLogo() {
  // (A language switch renders this again through useTranslation, so the name follows it.)
  const { t } = useTranslation('auth');
  const logo = useLogo();
  const [failed, setFailed] = useState(false);

  // The logo keeps a square box of its width from the first paint, so nothing below moves when it arrives. (Offline,
  // the default image stands in for it.)
  if (logo.isPending && !logo.isPaused) {
    return (
      <Stack align="center" gap="xs">
        <Skeleton w={`${DEFAULT_WIDTH}%`} style={{ aspectRatio: '1' }} />
        <Skeleton h={DEFAULT_FONT_SIZE * 1.55} w="60%" />
      </Stack>
    );
  }
  const width = logo.data?.width ?? DEFAULT_WIDTH;
  // The name in the reader's language (the Russian one where it has none).
  const name = logo.data ? localizedName(logo.data) : '';
  const src = failed || !logo.data?.logo ? universityImage : logo.data.logo;

  return (
    <Stack align="center" gap="xs">
      <Image
        src={src}
        alt={name || t('defaultLogoAlt')}
        w={`${width}%`}
        fit="contain"
        style={{ aspectRatio: '1' }}
        onError={() => setFailed(true)}
      />
      {name && (
        <Text ta="center" fw={600} fz={logo.data?.fontsize || DEFAULT_FONT_SIZE}>
          {name}
        </Text>
      )}
    </Stack>
  );
}
