import { profileData } from '@okuu/contracts/profile/profile-data';
import { resetPassword } from '@okuu/contracts/profile/reset-password';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createProfileRepository } from './profile.repository.ts';
import type { ProfileService } from './profile.service.ts';
import { createProfileService } from './profile.service.ts';

export function profileRoutes(profile: ProfileService): Binding[] {
  return [
    bind(profileData, async ({ user }) => profile.profile(user)),
    bind(resetPassword, async ({ input, user, request }) =>
      profile.changePassword(user, input.password, input.newPassword, request.ip),
    ),
  ];
}

/** A person's profile and password change (through the auth service). */
export function profileModule(p: Platform, auth: Pick<AuthService, 'changePassword'>) {
  const service = createProfileService({ repo: createProfileRepository(p.db), changePassword: auth.changePassword });
  return { service, routes: profileRoutes(service) };
}
