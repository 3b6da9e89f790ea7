import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreateInput } from '@wms/contract/api-keys';
import type { Account, User } from '@wms/contract/entities';
import type { NotificationPreference } from '@wms/contract/notifications';
import type { ChangePasswordInput, ProfileInput } from '@wms/contract/profile';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { sessionStore } from '../../lib/session/session-store';
import { apiKeyKeys, notificationPreferencesKey, packingSettingsKey } from './query-keys';

const options = { bypass_default: true, notifyOnError: notifyUnlessValidation } as const;

/** PUT /api/users: the caller's own profile; the saved user becomes the session's. */
const updateProfile = (input: ProfileInput & { id: number }) =>
  api.put<{ user: User; message: string }>('/users', input, options);

export const useUpdateProfile = () =>
  useMutation({ mutationFn: updateProfile, onSuccess: (saved) => sessionStore.setUser(saved.user) });

/** POST /api/uploadImage (multipart field `image`): answers the stored image's URL in `data`. */
const uploadImage = (file: File) => {
  const body = new FormData();
  body.append('image', file);
  return api.post<{ data: string }>('/uploadImage', body, options).then((answer) => answer.data);
};

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });

/** `current_password` is required by the server (branch `hostile`); older servers ignore it. */
const changePassword = (input: ChangePasswordInput & { id: number; current_password: string }) =>
  api.post<{ message: string }>('/changePassword', input, options);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

// ---- API keys ---------------------------------------------------------------------------------------

/** API keys are the caller's own (every key for administrators): no warehouse/account defaults. */
const keyOptions = { bypass_default: true } as const;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api.get<{ data: ApiKey[] }>('/api-keys', { ...keyOptions, signal }).then((a) => a.data),
  });

/** The accounts a key may be limited to: those the caller reaches (a client's own; staff up to the first 100). */
export const keyAccountsQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.accounts,
    queryFn: ({ signal }) =>
      api
        .get<{ data: Account[] }>('/accounts', { ...keyOptions, query: { per_page: 100 }, signal })
        .then((answer) => answer.data),
  });

const createApiKey = (input: ApiKeyCreateInput) =>
  api.post<{ data: ApiKey; secret: string; message: string }>('/api-keys', input, {
    ...keyOptions,
    notifyOnError: notifyUnlessValidation,
  });

export const useCreateApiKey = () => useWrite(createApiKey, [apiKeyKeys.all]);

const revokeApiKey = (id: number) => api.delete<{ data: ApiKey; message: string }>(`/api-keys/${id}`, keyOptions);

export const useRevokeApiKey = () => useWrite(revokeApiKey, [apiKeyKeys.all]);

// ---- Notification settings --------------------------------------------------------------------------

export interface NotificationPreferencesAnswer {
  data: NotificationPreference[];
  email_enabled: boolean;
}

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: notificationPreferencesKey,
    queryFn: ({ signal }) =>
      api.get<NotificationPreferencesAnswer>('/notifications/preferences', { bypass_default: true, signal }),
  });

const saveNotificationPreferences = (preferences: NotificationPreference[]) =>
  api.put<NotificationPreferencesAnswer & { message: string }>(
    '/notifications/preferences',
    { preferences },
    { bypass_default: true },
  );

/** The answer is the saved set: written into the cache, nothing to read again. */
export const useSaveNotificationPreferences = () =>
  useWrite(saveNotificationPreferences, [], {
    update: (queryClient, saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });

// ---- Packing settings (installation-wide GS1 numbering of cartons) --------------------------------------------

export interface PackingSettings {
  gs1_company_prefix: string | null;
  sscc_extension_digit: number;
}

export const packingSettingsQuery = () =>
  queryOptions({
    queryKey: packingSettingsKey,
    queryFn: ({ signal }) =>
      api.get<{ data: PackingSettings }>('/settings/packing', { bypass_default: true, signal }).then((a) => a.data),
  });

const savePackingSettings = (settings: PackingSettings) =>
  api.put<{ data: PackingSettings; message?: string }>('/settings/packing', settings, options);

export const useSavePackingSettings = () =>
  useWrite(savePackingSettings, [], {
    update: (queryClient, saved) => queryClient.setQueryData(packingSettingsKey, saved.data),
  });
