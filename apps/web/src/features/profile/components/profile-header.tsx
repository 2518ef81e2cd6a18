import { Group, Text, UnstyledButton } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { shortName } from '../../../lib/format';
import { localizedNameOrNull } from '../../../lib/localized';
import { useSessionUser } from '../../../lib/use-session';
import { ProfileMenu } from './profile-menu';
import { UserAvatar } from './user-avatar';

/**
 * Photo (or placeholder), full name (initials on a narrow desktop) and the position of a teacher or
 * the group of a student; it opens the profile menu.
 */
export function ProfileHeader() {
  const { t } = useTranslation('profile');
  const user = useSessionUser();
  const detail = user.role === roles.teacher ? localizedNameOrNull(user.position) : user.group;

  return (
    <ProfileMenu
      target={
        <UnstyledButton title={t('menu.open')} p="xs" w="100%" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group wrap="nowrap" gap="sm">
            <UserAvatar fullName={user.fullName} size="lg" />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} lh={1.3} visibleFrom="lg">
                {user.fullName}
              </Text>
              <Text fw={600} lh={1.3} hiddenFrom="lg">
                {shortName(user.fullName)}
              </Text>
              {detail && (
                <Text size="sm" c="dimmed" truncate>
                  {detail}
                </Text>
              )}
            </div>
          </Group>
        </UnstyledButton>
      }
    />
  );
}
