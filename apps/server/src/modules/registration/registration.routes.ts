import {
  registrationDefaultYear,
  registrationSemesters,
  registrationYears,
} from '@okuu/contracts/registration/calendar';
import { deleteRegistration, deleteRegistrationByKind } from '@okuu/contracts/registration/delete';
import {
  electiveDisciplines,
  electiveOfferings,
  electiveTeachers,
  offeringsByKind,
  registrationOfferings,
  registrationTeachers,
  teachersByKind,
} from '@okuu/contracts/registration/offerings';
import { electivePermission } from '@okuu/contracts/registration/permission';
import { registrationList } from '@okuu/contracts/registration/reg-list';
import { saveRegistration, saveRegistrationByKind } from '@okuu/contracts/registration/save';
import type { HalfYear, Period } from '../../lib/academic-calendar.ts';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createRegistrationRepository } from './registration.repository.ts';
import type { RegistrationService } from './registration.service.ts';
import { createRegistrationService } from './registration.service.ts';

export function registrationRoutes(service: RegistrationService): Binding[] {
  return [
    bind(registrationDefaultYear, async () => service.defaultYear()),
    bind(registrationYears, async () => service.years()),
    bind(registrationSemesters, async ({ input, user }) => service.semesters(user, input)),
    bind(registrationList, async ({ input, user }) => service.list(user, input)),
    bind(registrationTeachers, async ({ input, user }) => service.teachers(user, input, 'plan')),
    bind(registrationOfferings, async ({ input, user }) => service.offerings(user, input, 'plan')),
    bind(saveRegistration, async ({ input, user, remember }) => service.save(user, input, remember)),
    bind(deleteRegistration, async ({ input, user }) => service.delete(user, input.id_disciplineForStudent)),
    bind(electivePermission, async ({ input, user }) => service.permission(user, input)),
    bind(electiveDisciplines, async ({ input, user }) => service.electives(user, input)),
    bind(electiveTeachers, async ({ input, user }) => service.teachers(user, input, 'elective')),
    bind(electiveOfferings, async ({ input, user }) => service.offerings(user, input, 'elective')),
    bind(teachersByKind, async ({ input, user }) => service.teachers(user, input, 'any')),
    bind(offeringsByKind, async ({ input, user }) => service.offerings(user, input, 'any')),
    bind(saveRegistrationByKind, async ({ input, user, remember }) => service.save(user, input, remember)),
    bind(deleteRegistrationByKind, async ({ input, user }) => service.deleteByKind(user, input)),
  ];
}

/** Discipline registration. */
export function registrationModule(
  p: Platform,
  calendar: {
    halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
    currentPeriod: () => Promise<Period>;
    years: () => { id: number; name: string }[];
  },
) {
  const service = createRegistrationService({
    repo: createRegistrationRepository(p.db),
    ...calendar,
    now: p.now,
    changes: p.changes,
  });
  return { service, routes: registrationRoutes(service) };
}
