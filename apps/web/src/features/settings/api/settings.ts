import type { Endpoint, RequestOf } from '@okuu/contracts/endpoint';
import { calendarList } from '@okuu/contracts/settings/calendar';
import { campusList } from '@okuu/contracts/settings/campus';
import { institutionGet, logoUpload } from '@okuu/contracts/settings/institution';
import { permissionList, registrationSettings } from '@okuu/contracts/settings/registration';
import { servicesList } from '@okuu/contracts/settings/services';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, connectionFailure, settleReply } from '../../../lib/api';

export const settingsKeys = {
  institution: ['settings', 'institution'] as const,
  calendar: ['settings', 'calendar'] as const,
  campus: ['settings', 'campus'] as const,
  registration: ['settings', 'registration'] as const,
  permissions: (year: number, ws: number) => ['settings', 'permissions', year, ws] as const,
  services: ['settings', 'services'] as const,
};
export type SectionKey = readonly unknown[];

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
export const useServices = () =>
  useQuery({ queryKey: settingsKeys.services, queryFn: ({ signal }) => callApi(servicesList, {}, { signal }) });

/** A change through `endpoint`; on success the section's list (and the audit) load again. */
export function useSettingsChange<E extends Endpoint>(endpoint: E, ...keys: SectionKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<E>) => callApi(endpoint, input),
    onSuccess: () => {
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}

export function useLogoUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    // A plain fetch (a logo is small: no progress to show), which keeps the shared upload code out of this screen.
    mutationFn: async (file: File) => {
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
    },
    onSuccess: (institution) => {
      queryClient.setQueryData(settingsKeys.institution, institution);
      // The portal's own header and sign-in show the logo too.
      void queryClient.invalidateQueries({ queryKey: ['logo'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}
