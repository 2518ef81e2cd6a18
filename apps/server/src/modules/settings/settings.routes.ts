import { calendarList, halfYearDelete, halfYearSave, yearDelete, yearSave } from '@okuu/contracts/settings/calendar';
import { campusList, roomDelete, roomSave, slotDelete, slotSave } from '@okuu/contracts/settings/campus';
import { institutionGet, institutionSave, logoUpload } from '@okuu/contracts/settings/institution';
import { orderWaitingSave, orderWaitingSettings } from '@okuu/contracts/settings/orders';
import {
  electiveSwitch,
  permissionGrant,
  permissionList,
  permissionRevoke,
  registrationSettings,
  windowDelete,
  windowSave,
} from '@okuu/contracts/settings/registration';
import { serviceDelete, serviceSave, servicesList } from '@okuu/contracts/settings/services';
import { webinarBaseSave, webinarBaseSettings } from '@okuu/contracts/settings/webinars';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createSettingsRepository } from './settings.repository.ts';
import type { SettingsService } from './settings.service.ts';
import { createSettingsService } from './settings.service.ts';

/** The staff settings screen's calls (issue 30). */
export function settingsRoutes(service: SettingsService): Binding[] {
  return [
    bind(institutionGet, async () => service.institution()),
    bind(institutionSave, async ({ input }) => service.saveInstitution(input)),
    bind(logoUpload, async ({ files }) => service.uploadLogo(files)),

    bind(calendarList, async () => service.calendar()),
    bind(yearSave, async ({ input }) => service.saveYear(input)),
    bind(yearDelete, async ({ input }) => service.deleteYear(input.year)),
    bind(halfYearSave, async ({ input }) => service.saveHalfYear(input)),
    bind(halfYearDelete, async ({ input }) => service.deleteHalfYear(input.year, input.ws)),

    bind(campusList, async () => service.campus()),
    bind(slotSave, async ({ input }) => service.saveSlot(input)),
    bind(slotDelete, async ({ input }) => service.deleteSlot(input.id)),
    bind(roomSave, async ({ input }) =>
      service.saveRoom(input.id, {
        buildingId: input.id_building,
        number: input.number,
        capacity: input.capacity,
        latitude: input.latitude,
        longitude: input.longitude,
        radius: input.radius,
      }),
    ),
    bind(roomDelete, async ({ input }) => service.deleteRoom(input.id)),

    bind(registrationSettings, async () => service.registration()),
    bind(windowSave, async ({ input }) => service.saveWindow(input)),
    bind(windowDelete, async ({ input }) => service.deleteWindow(input.year, input.ws)),
    bind(electiveSwitch, async ({ input }) => service.setElectives(input.isElective)),
    bind(permissionList, async ({ input }) => service.permissions(input.year, input.ws)),
    bind(permissionGrant, async ({ input }) => service.grant(input)),
    bind(permissionRevoke, async ({ input }) => service.revoke(input)),
    bind(orderWaitingSettings, async () => service.orderWaiting()),
    bind(orderWaitingSave, async ({ input }) => service.saveOrderWaiting(input.hours)),
    bind(webinarBaseSettings, async () => service.webinarBase()),
    bind(webinarBaseSave, async ({ input }) => service.saveWebinarBase(input.base)),

    bind(servicesList, async () => service.services()),
    bind(serviceSave, async ({ input }) => {
      const { id, minAmount, maxAmount, amount, ...rest } = input;
      return service.saveService(id, {
        ...rest,
        price: amount,
        minAmount: minAmount ?? amount,
        maxAmount: maxAmount ?? amount,
      });
    }),
    bind(serviceDelete, async ({ input }) => service.deleteService(input.id)),
  ];
}

/** The university's settings, the calendar and the branding. */
export function settingsModule(p: Platform) {
  const service = createSettingsService({
    repo: createSettingsRepository(p.db, p.changes),
    storage: p.storage,
    now: p.now,
  });
  return { service, routes: settingsRoutes(service) };
}
