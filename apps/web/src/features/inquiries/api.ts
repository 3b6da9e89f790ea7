import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Inquiry, InquiryStatistics, InquiryStatus, InquiryType } from '@wms/contract/inquiries';
import type { PageMeta } from '@wms/contract/pagination';
import { api } from '../../lib/api/client';
import { type ContextKey, contextKeyOf } from '../../lib/context/context-key';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { inquiryKeys } from './query-keys';

export interface InquiryListParams {
  page: number;
  per_page: number;
  search?: string;
  type?: InquiryType;
  status?: InquiryStatus;
  assigned_to?: number;
}

export interface InquiryList {
  data: Inquiry[];
  total: number;
  current_page: number;
  per_page: number;
  meta: PageMeta;
}

export interface TimelineEvent {
  id: number;
  kind: string;
  title: string;
  description: string;
  color: string;
  time: string;
  actor: { id: number; name: string } | null;
}

/** The list is narrowed by the header's warehouse (the api client adds it; it is in the key too). */
export const inquiriesListQuery = (context: ContextKey, params: InquiryListParams) =>
  queryOptions({
    queryKey: inquiryKeys.list(contextKeyOf(context), params),
    queryFn: ({ signal }) =>
      api.get<InquiryList>('/inquiries', {
        query: { ...params, warehouse_id: context.warehouseId ?? undefined },
        bypass_default: true,
        notifyOnError: false,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const inquiryStatisticsQuery = (context: ContextKey) =>
  queryOptions({
    queryKey: inquiryKeys.statistics(contextKeyOf(context)),
    queryFn: ({ signal }) =>
      api.get<InquiryStatistics>('/inquiries/statistics', {
        query: { warehouse_id: context.warehouseId ?? undefined },
        bypass_default: true,
        notifyOnError: false,
        signal,
      }),
  });

export const inquiryQuery = (id: number) =>
  queryOptions({
    queryKey: inquiryKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<{ data: Inquiry }>(`/inquiries/${id}`, { notifyOnError: false, signal }).then((a) => a.data),
  });

export const inquiryTimelineQuery = (id: number) =>
  queryOptions({
    queryKey: inquiryKeys.timeline(id),
    queryFn: ({ signal }) =>
      api.get<{ data: TimelineEvent[] }>(`/inquiries/${id}/timeline`, { signal }).then((a) => a.data),
  });

export interface SubjectOption {
  id: number;
  value: number;
  label: string;
}

/**
 * Subjects for the picker: a client's are those of the selected account; `acrossAccounts` searches all the caller's
 * (the order an inquiry is raised from may belong to another of the client's accounts).
 */
export const subjectOptionsQuery = (context: ContextKey, type: InquiryType, search: string, acrossAccounts = false) =>
  queryOptions({
    queryKey: inquiryKeys.subjects(
      { ...contextKeyOf(context), accountId: acrossAccounts ? null : context.accountId },
      type,
      search,
    ),
    queryFn: ({ signal }) =>
      api
        .get<{ options: SubjectOption[] }>(`/inquiries/subject-options/${type}`, {
          query: {
            search: search || undefined,
            warehouse_id: context.warehouseId ?? undefined,
            account_id: acrossAccounts ? undefined : (context.accountId ?? undefined),
          },
          bypass_default: true,
          notifyOnError: false,
          signal,
        })
        .then((a) => a.options),
    placeholderData: keepPreviousData,
  });

export const assignableUsersQuery = (warehouseId: number | null) =>
  queryOptions({
    queryKey: inquiryKeys.assignable(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ users: { id: number; name: string; email: string; role: string }[] }>('/inquiries/assignable-users', {
          query: { warehouse_id: warehouseId ?? undefined },
          bypass_default: true,
          signal,
        })
        .then((a) => a.users),
  });

export interface InquiryCreatePayload {
  type: InquiryType;
  subtype?: string | null;
  query: string;
  warehouse_id: number | null;
  account_id?: number | null;
  subject_id?: number | null;
  subject_name?: string | null;
  order_number?: string | null;
}
export interface InquiryUpdatePayload {
  query?: string;
  status?: InquiryStatus;
  response?: string | null;
  assigned_to?: number | null;
}

type Saved = { data: Inquiry; message: string };
const formOptions = { notifyOnError: notifyUnlessValidation } as const;

const createInquiry = (payload: InquiryCreatePayload) => api.post<Saved>('/inquiries', payload, formOptions);
const updateInquiry = (id: number, payload: InquiryUpdatePayload) =>
  api.put<Saved>(`/inquiries/${id}`, payload, formOptions);
const resolveInquiry = (id: number, response: string) =>
  api.post<Saved>(`/inquiries/${id}/resolve`, { response }, formOptions);
const deleteInquiry = (id: number) => api.delete<{ message: string }>(`/inquiries/${id}`);

/** Every inquiry write refreshes the whole feature: lists, statistics, the detail and its timeline. */
export const useCreateInquiry = () => useWrite(createInquiry, [inquiryKeys.all]);
export const useUpdateInquiry = () =>
  useWrite(
    ({ id, payload }: { id: number; payload: InquiryUpdatePayload }) => updateInquiry(id, payload),
    [inquiryKeys.all],
  );
export const useResolveInquiry = () =>
  useWrite(({ id, response }: { id: number; response: string }) => resolveInquiry(id, response), [inquiryKeys.all]);
/**
 * A deletion refreshes the lists and statistics only: the deleted inquiry's own page is being left, and reading it
 * again (a 404) would send it away before the screen says the inquiry was deleted.
 */
export const useDeleteInquiry = () => useWrite(deleteInquiry, [inquiryKeys.lists(), inquiryKeys.allStatistics()]);
