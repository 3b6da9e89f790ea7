import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { User } from '@wms/contract/entities';
import type { PageMeta } from '@wms/contract/pagination';
import type { CreateUserInput, UpdateUserInput } from '@wms/contract/users';
import { api } from '../../lib/api/client';
import { ALL_CONTEXT } from '../../lib/context/context-key';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { userKeys } from './query-keys';

export interface UserListParams {
  page: number;
  per_page: number;
  search?: string;
}

interface UserList {
  users: User[];
  meta: PageMeta;
}

// Users are not data of the selected warehouse: no warehouse_id/account_id defaults on these calls.
const options = { bypass_default: true } as const;

export const usersListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(ALL_CONTEXT, params),
    queryFn: ({ signal }) => api.get<UserList>('/users', { ...options, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ user: User }>(`/users/${id}`, { ...options, signal }).then((a) => a.user),
  });

/** `initial_password`: the generated password, present only in this answer (branch `hostile`). */
const createUser = (input: CreateUserInput) =>
  api.post<{ user: User; message: string; initial_password?: string }>('/users', input, {
    ...options,
    notifyOnError: notifyUnlessValidation,
  });

const updateUser = (id: number, input: UpdateUserInput) =>
  api.put<{ user: User; message: string }>(`/users/${id}`, input, {
    ...options,
    notifyOnError: notifyUnlessValidation,
  });

const deleteUser = (id: number) => api.delete<{ message: string }>(`/users/${id}`, options);

/** Every user write refreshes the users lists and details (names, roles and warehouses show in both). */
export const useCreateUser = () => useWrite(createUser, [userKeys.all]);
export const useUpdateUser = () =>
  useWrite(({ id, input }: { id: number; input: UpdateUserInput }) => updateUser(id, input), [userKeys.all]);
export const useDeleteUser = () => useWrite(deleteUser, [userKeys.all]);
