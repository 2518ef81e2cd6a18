import { Avatar, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../lib/format';
import { usePhoto } from '../api/get-photo';

/** The user's photo, or a placeholder with the initials. */
export function UserAvatar({ fullName, size = 'md' }: { fullName: string; size?: MantineSize | number }) {
  const { t } = useTranslation('profile');
  const photo = usePhoto();
  return (
    <Avatar src={photo.data?.url ?? null} alt={t('photoAlt', { name: fullName })} size={size} color="okuu">
      {initials(fullName)}
    </Avatar>
  );
}
