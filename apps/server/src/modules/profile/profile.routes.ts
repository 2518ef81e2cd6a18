import { profileData } from '@okuu/contracts/profile/profile-data';
import { resetPassword } from '@okuu/contracts/profile/reset-password';
import { AppError } from '../../lib/app-error.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ProfileRepository } from './profile.repository.ts';

export function profileRoutes(repo: ProfileRepository, auth: AuthService): Binding[] {
  return [
    bind(profileData, async ({ user }) => {
      const p = await repo.profile(user.id);
      if (!p) throw new AppError('not_found', 'The profile was not found.');
      // A woman's nationality in its Russian feminine form, where it has one.
      const n = p.nationality;
      const nationality = n && {
        name: p.gender === 'female' && n.nameFemale ? n.nameFemale : n.name,
        nameKg: n.nameKg,
        nameEn: n.nameEn,
      };
      return { ...p, nationality, fullName: user.fullName };
    }),

    bind(resetPassword, async ({ input, user }) => {
      await auth.changePassword(user, input.password, input.newPassword);
      return { sms: 'Пароль изменен' };
    }),
  ];
}
