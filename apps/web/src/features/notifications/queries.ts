import {
  messageResponseSchema,
  notificationListResponseSchema,
  notificationSettingsSchema,
  type NotificationListResponse,
  type NotificationPush,
  type NotificationSettings,
} from '@sciwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => apiRequest('/api/notifications?limit=20', { schema: notificationListResponseSchema }),
});

export const notificationSettingsQuery = queryOptions({
  queryKey: ['me', 'notification-settings'],
  queryFn: () => apiRequest('/api/me/notification-settings', { schema: notificationSettingsSchema }),
});

/** A pushed notification goes to the top of the cached list with the server's unread count. */
export function withPushed(
  current: NotificationListResponse | undefined,
  push: NotificationPush,
): NotificationListResponse | undefined {
  if (!current) return current;
  const rest = current.notifications.filter((item) => item.id !== push.notification.id);
  return { ...current, notifications: [push.notification, ...rest], unreadCount: push.unreadCount };
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/notifications/${id}/read`, { method: 'POST', schema: messageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/notifications/read-all', { method: 'POST', schema: messageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiRequest('/api/me/notification-settings', {
        method: 'PUT',
        body,
        schema: notificationSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQuery.queryKey, saved),
  });
}
