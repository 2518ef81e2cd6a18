import {
  webinarsAttach,
  webinarsCreate,
  webinarsList,
  webinarsOptions,
  webinarsRecording,
  webinarsRemove,
  webinarsUpdate,
} from '@okuu/contracts/webinars/webinars';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createWebinarsRepository } from './webinars.repository.ts';
import { createWebinarsService, type WebinarsService } from './webinars.service.ts';

export function webinarsRoutes(service: WebinarsService): Binding[] {
  return [
    bind(webinarsList, async ({ user }) => service.list(user)),
    bind(webinarsOptions, async ({ user }) => service.options(user)),
    bind(webinarsAttach, async ({ input, user }) => service.attach(user, input)),
    bind(webinarsCreate, async ({ input, user }) => service.create(user, input)),
    bind(webinarsUpdate, async ({ input, user }) => service.update(user, input)),
    bind(webinarsRecording, async ({ input, user }) => service.recording(user, input)),
    bind(webinarsRemove, async ({ input, user }) => service.remove(user, input)),
  ];
}

/** Online lessons: teachers' meeting links on their lessons and their own online lessons; students join them. */
export function webinarsModule(
  p: Platform,
  deps: {
    halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
    baseAddress: () => Promise<string>;
  },
) {
  const service = createWebinarsService({ repo: createWebinarsRepository(p.db, p.changes), now: p.now, ...deps });
  return { service, routes: webinarsRoutes(service) };
}
