import { calendarList, halfYearDelete, halfYearSave, yearDelete, yearSave } from '@okuu/contracts/settings/calendar';
import { campusList, roomDelete, roomSave, slotDelete, slotSave } from '@okuu/contracts/settings/campus';
import { institutionGet, institutionSave, logoUpload } from '@okuu/contracts/settings/institution';
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
import { type Binding, bind } from '../../plugins/router.ts';
import type { SettingsService } from './settings.service.ts';

/** The staff settings screen's calls (issue 30). */
export function settingsRoutes(service: SettingsService): Binding[] {
  return [
    bind(institutionGet, async () => service.institution()),
    bind(institutionSave, async ({ input, user }) => service.saveInstitution(user, input)),
    bind(logoUpload, async ({ files, user }) => service.uploadLogo(user, files)),

    bind(calendarList, async () => service.calendar()),
    bind(yearSave, async ({ input, user }) => service.saveYear(user, input)),
    bind(yearDelete, async ({ input, user }) => service.deleteYear(user, input.year)),
    bind(halfYearSave, async ({ input, user }) => service.saveHalfYear(user, input)),
    bind(halfYearDelete, async ({ input, user }) => service.deleteHalfYear(user, input.year, input.ws)),

    bind(campusList, async () => service.campus()),
    bind(slotSave, async ({ input, user }) => service.saveSlot(user, input)),
    bind(slotDelete, async ({ input, user }) => service.deleteSlot(user, input.id)),
    bind(roomSave, async ({ input, user }) =>
      service.saveRoom(user, input.id, {
        buildingId: input.id_building,
        number: input.number,
        capacity: input.capacity,
        latitude: input.latitude,
        longitude: input.longitude,
        radius: input.radius,
      }),
    ),
    bind(roomDelete, async ({ input, user }) => service.deleteRoom(user, input.id)),

    bind(registrationSettings, async () => service.registration()),
    bind(windowSave, async ({ input, user }) => service.saveWindow(user, input)),
    bind(windowDelete, async ({ input, user }) => service.deleteWindow(user, input.year, input.ws)),
    bind(electiveSwitch, async ({ input, user }) => service.setElectives(user, input.isElective)),
    bind(permissionList, async ({ input }) => service.permissions(input.year, input.ws)),
    bind(permissionGrant, async ({ input, user }) => service.grant(user, input)),
    bind(permissionRevoke, async ({ input, user }) => service.revoke(user, input)),

    bind(servicesList, async () => service.services()),
    bind(serviceSave, async ({ input, user }) => {
      const { id, minAmount, maxAmount, amount, ...rest } = input;
      return service.saveService(user, id, {
        ...rest,
        price: amount,
        minAmount: minAmount ?? amount,
        maxAmount: maxAmount ?? amount,
      });
    }),
    bind(serviceDelete, async ({ input, user }) => service.deleteService(user, input.id)),
  ];
}
