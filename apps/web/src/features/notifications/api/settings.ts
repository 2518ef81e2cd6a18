import {
  type NotificationSettingsData,
  notificationsSaveSettings,
  notificationsSettings,
} from '@okuu/contracts/notifications/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notificationKeys } from './keys';

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings,
  queryFn: ({ signal }) => callApi(notificationsSettings, {}, { signal }),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettingsData) => callApi(notificationsSaveSettings, settings),
    // Shown at once; what the server saved replaces it, and a refusal brings the saved settings back.
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.settings });
      const before = queryClient.getQueryData<NotificationSettingsData>(notificationKeys.settings);
      queryClient.setQueryData(notificationKeys.settings, settings);
      return { before };
    },
    onError: (_error, _settings, context) => queryClient.setQueryData(notificationKeys.settings, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}
