import type { User } from '@wms/contract/entities';
import type { ChangePasswordInput, ProfileInput } from '@wms/contract/profile';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/serverErrors';

const options = { bypass_default: true, notifyOnError: notifyUnlessValidation } as const;

/** PUT /api/users: the caller's own profile. */
export const updateProfile = (input: ProfileInput & { id: number }) =>
  api.put<{ user: User; message: string }>('/users', input, options);

/** POST /api/uploadImage (multipart field `image`): answers the stored image's URL in `data`. */
export const uploadImage = (file: File) => {
  const body = new FormData();
  body.append('image', file);
  return api.post<{ data: string }>('/uploadImage', body, options).then((answer) => answer.data);
};

/** `current_password` is required by the server (branch `hostile`, issue 14); older servers ignore it. */
export const changePassword = (input: ChangePasswordInput & { id: number; current_password: string }) =>
  api.post<{ message: string }>('/changePassword', input, options);
