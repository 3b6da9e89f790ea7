import { useMutation } from '@tanstack/react-query';
import type { User } from '@wms/contract/entities';
import type { ChangePasswordInput, ProfileInput } from '@wms/contract/profile';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/serverErrors';
import { sessionStore } from '../../lib/session/sessionStore';

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

/** `current_password` is required by the server (branch `hostile`, issue 14); older servers ignore it. */
const changePassword = (input: ChangePasswordInput & { id: number; current_password: string }) =>
  api.post<{ message: string }>('/changePassword', input, options);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
