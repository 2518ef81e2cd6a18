import { profileData } from '@okuu/contracts/profile/profile-data';
import { resetPassword } from '@okuu/contracts/profile/reset-password';
import { type Binding, bind } from '../../plugins/router.ts';
import type { ProfileService } from './profile.service.ts';

export function profileRoutes(profile: ProfileService): Binding[] {
  return [
    bind(profileData, async ({ user }) => profile.profile(user)),
    bind(resetPassword, async ({ input, user, request }) =>
      profile.changePassword(user, input.password, input.newPassword, request.ip),
    ),
  ];
}
