import { portalConfig } from '@okuu/contracts/misc/config';
import { registeredFacultyList } from '@okuu/contracts/misc/faculties';
import { getGroups } from '@okuu/contracts/misc/groups';
import { logo, logoImage } from '@okuu/contracts/misc/logo';
import { photo, photoImage, position } from '@okuu/contracts/misc/photo';
import { settings as portalSettings } from '@okuu/contracts/misc/settings';
import { defaultYear, years } from '@okuu/contracts/misc/years';
import { newsLimits } from '@okuu/contracts/news/news-item';
import { AppError } from '../../lib/app-error.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import type { Storage } from '../../lib/storage.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { logoAddress, type SettingsService } from '../settings/settings.service.ts';
import { createMiscRepository } from './misc.repository.ts';
import type { MiscService } from './misc.service.ts';
import { createMiscService } from './misc.service.ts';

/** Chat pages hold 20 messages (spec section 9). */
const chatPageSize = 20;

function imageType(key: string): string {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}

export function miscRoutes(
  misc: MiscService,
  settings: Pick<SettingsService, 'branding' | 'electiveRegistration'>,
  storage: Storage,
  limits: { uploadMaxBytes: number; cardPayments: boolean },
): Binding[] {
  const maxUploadMb = Math.round((limits.uploadMaxBytes / 1024 / 1024) * 10) / 10;

  async function image(key: string | null, what: string): Promise<FileReply> {
    const file = key ? await storage.get(key) : null;
    if (!key || !file) throw new AppError('not_found', `There is no ${what}.`);
    return new FileReply(file.stream, file.size, imageType(key), key.split('/').pop() ?? what, 'inline');
  }

  return [
    bind(portalConfig, async () => ({
      basePath: '/lms',
      publicBase: '/lms/public',
      apiBase: '/api',
      languages: ['ru', 'kg', 'en'],
      defaultLanguage: 'ru',
      maxUploadMb,
      requestTimeoutMs: 30_000,
      chatPageSize,
      newsPageSize: newsLimits.pageSize,
      cardPayments: limits.cardPayments,
    })),

    bind(logo, async () => {
      const b = await settings.branding();
      return {
        logo: logoAddress(b.logoKey) || logoImage.path,
        width: b.width,
        name: b.name,
        nameKg: b.nameKg,
        nameEn: b.nameEn,
        fontsize: b.fontsize,
      };
    }),

    bind(logoImage, async () => image((await settings.branding()).logoKey, 'logo')),

    bind(portalSettings, async () => {
      const [branding, electiveRegistration, today] = await Promise.all([
        settings.branding(),
        settings.electiveRegistration(),
        misc.currentPeriod(),
      ]);
      return {
        university: { name: branding.name, nameKg: branding.nameKg, nameEn: branding.nameEn },
        maxUploadMb,
        electiveRegistration,
        currentYear: today.year,
        currentHalfYear: today.ws,
      };
    }),

    bind(years, async () => misc.years()),
    bind(defaultYear, async () => misc.defaultYear()),

    bind(photo, async ({ user }) => ({ url: user.hasPhoto ? `${photoImage.path}?id=${user.id}` : null })),

    bind(photoImage, async ({ input }) => image(await misc.photoKey(input.id), 'photo')),

    bind(position, async ({ user }) => ({ doljnost: user.position?.name ?? null, position: user.position })),

    bind(registeredFacultyList, async () => misc.faculties()),

    bind(getGroups, async ({ input, user }) => misc.studentGroups(user, input)),
  ];
}

/** The portal's configuration, branding, photos, years and a student's groups. */
export function miscModule(
  p: Platform,
  settings: Pick<SettingsService, 'branding' | 'electiveRegistration' | 'currentPeriod'>,
  cardPayments: boolean,
) {
  const service = createMiscService({
    repo: createMiscRepository(p.db),
    currentPeriod: settings.currentPeriod,
    now: p.now,
  });
  return {
    service,
    routes: miscRoutes(service, settings, p.storage, { uploadMaxBytes: p.config.uploadMaxBytes, cardPayments }),
  };
}
