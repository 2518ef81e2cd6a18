import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { ProfileRepository } from './profile.repository.ts';

export function createProfileService(deps: {
  repo: ProfileRepository;
  /** The sign-in rules' password change (old password checked and limited, other sessions ended). */
  changePassword: (user: AuthUser, oldPassword: string, newPassword: string, ip: string) => Promise<void>;
}) {
  return {
    async profile(user: AuthUser) {
      const p = await deps.repo.profile(user.id);
      if (!p) throw new AppError('not_found', 'The profile was not found.');
      // A woman's nationality in its Russian feminine form, where it has one.
      const n = p.nationality;
      const nationality = n && {
        name: p.gender === 'female' && n.nameFemale ? n.nameFemale : n.name,
        nameKg: n.nameKg,
        nameEn: n.nameEn,
      };
      return { ...p, nationality, fullName: user.fullName };
    },

    async changePassword(user: AuthUser, oldPassword: string, newPassword: string, ip: string) {
      await deps.changePassword(user, oldPassword, newPassword, ip);
      return { sms: 'Пароль изменен' };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
