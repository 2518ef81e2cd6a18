import type { Endpoint, RequestOf } from '@okuu/contracts/endpoint';
import { calendarList } from '@okuu/contracts/settings/calendar';
import { campusList } from '@okuu/contracts/settings/campus';
import { institutionGet, logoUpload } from '@okuu/contracts/settings/institution';
import { orderWaitingSettings } from '@okuu/contracts/settings/orders';
import { permissionList, registrationSettings } from '@okuu/contracts/settings/registration';
import { servicesList } from '@okuu/contracts/settings/services';
import { webinarBaseSettings } from '@okuu/contracts/settings/webinars';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, connectionFailure, settleReply, withErrorTexts } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

export const settingsKeys = {
  institution: ['settings', 'institution'] as const,
  calendar: ['settings', 'calendar'] as const,
  campus: ['settings', 'campus'] as const,
  registration: ['settings', 'registration'] as const,
  permissions: (year: number, ws: number) => ['settings', 'permissions', year, ws] as const,
  services: ['settings', 'services'] as const,
  orderWaiting: ['settings', 'orderWaiting'] as const,
  webinarBase: ['settings', 'webinarBase'] as const,
};

export const useInstitution = () =>
  useQuery({ queryKey: settingsKeys.institution, queryFn: ({ signal }) => callApi(institutionGet, {}, { signal }) });
export const useCalendar = () =>
  useQuery({ queryKey: settingsKeys.calendar, queryFn: ({ signal }) => callApi(calendarList, {}, { signal }) });
export const useCampus = () =>
  useQuery({ queryKey: settingsKeys.campus, queryFn: ({ signal }) => callApi(campusList, {}, { signal }) });
export const useRegistrationSettings = () =>
  useQuery({
    queryKey: settingsKeys.registration,
    queryFn: ({ signal }) => callApi(registrationSettings, {}, { signal }),
  });
export const usePermissions = (half: { year: number; ws: number } | null) =>
  useQuery({
    queryKey: settingsKeys.permissions(half?.year ?? 0, half?.ws ?? 0),
    queryFn: ({ signal }) => callApi(permissionList, half as { year: number; ws: number }, { signal }),
    enabled: half !== null,
  });
export const useOrderWaiting = () =>
  useQuery({
    queryKey: settingsKeys.orderWaiting,
    queryFn: ({ signal }) => callApi(orderWaitingSettings, {}, { signal }),
  });
export const useWebinarBase = () =>
  useQuery({
    queryKey: settingsKeys.webinarBase,
    queryFn: ({ signal }) => callApi(webinarBaseSettings, {}, { signal }),
  });
export const useServices = () =>
  useQuery({ queryKey: settingsKeys.services, queryFn: ({ signal }) => callApi(servicesList, {}, { signal }) });

/**
 * After a change to the university's settings: its name, logo, calendar, bells, rooms, windows and services feed much
 * of what the portal shows (the header's name, today's half-year, the payment screen's services), so every query but
 * who is signed in is marked stale, and what is on screen (the section, the header, the audit) loads again at once.
 */
export function useSettingsChanged(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** A change through `endpoint`; on success everything the settings feed loads again. */
export function useSettingsChange<E extends Endpoint>(endpoint: E) {
  const changed = useSettingsChanged();
  return useMutation({ mutationFn: (input: RequestOf<E>) => callApi(endpoint, input), onSuccess: changed });
}

export function useLogoUpload() {
  const queryClient = useQueryClient();
  const changed = useSettingsChanged();
  return useMutation({
    // A plain fetch (a logo is small: no progress to show), which keeps the shared upload code out of this screen.
    mutationFn: (file: File) =>
      withErrorTexts(async () => {
        const form = new FormData();
        form.append('files', file, file.name);
        const response = await fetch(logoUpload.path, {
          method: 'POST',
          body: form,
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        }).catch((cause: unknown) => {
          throw connectionFailure(cause instanceof Error ? cause.message : 'Upload failed');
        });
        const envelope = await response.json().catch(() => undefined);
        return settleReply(logoUpload, response.status, envelope);
      }),
    onSuccess: (institution) => {
      queryClient.setQueryData(settingsKeys.institution, institution);
      changed();
    },
  });
}
