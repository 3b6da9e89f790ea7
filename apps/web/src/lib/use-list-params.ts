import { PAGE_SIZES } from '@wms/contract/paging';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type ParamValue = string | number | null | undefined;

const positiveInt = (raw: string | null): number | undefined => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/**
 * One URL query value (DESIGN §7: filters live in the URL so links and reloads keep them). Setting it to '' or
 * null removes it; every change goes back to page 1 unless `keepPage` is set, since the old page may not exist.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: Record<string, ParamValue>, keepPage = false) =>
      setParams(
        () => {
          // From the address bar, not from the hook's last render: navigations commit in a transition, so a change
          // made right after another (typing in the search just after Clear) would otherwise bring back what the
          // first one removed. The router writes the address at once, so it always holds the latest change.
          const next = new URLSearchParams(window.location.search);
          // A new filter or sort starts at the top: also drop the cursor and jump date of keyset paging.
          if (!keepPage) for (const name of ['page', 'cursor', 'jump_to']) next.delete(name);
          for (const [name, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params, update };
}

export interface ListParams {
  page: number;
  perPage: number;
  search: string;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSearch: (search: string) => void;
  /** What a list call sends: page, per_page and search (when set). */
  query: { page: number; per_page: number; search?: string };
}

/** page, per_page and search of a server-paged list, kept in the URL query (`?search=ann&page=2&per_page=25`). */
export function useListParams(perPageOptions: readonly number[] = PAGE_SIZES): ListParams {
  const { params, update } = useUrlParams();
  const page = positiveInt(params.get('page')) ?? 1;
  const requestedPerPage = positiveInt(params.get('per_page'));
  const defaultPerPage = perPageOptions[0] ?? PAGE_SIZES[0];
  const perPage = requestedPerPage && perPageOptions.includes(requestedPerPage) ? requestedPerPage : defaultPerPage;
  const search = params.get('search') ?? '';

  return useMemo(
    () => ({
      page,
      perPage,
      search,
      setPage: (next: number) => update({ page: next > 1 ? next : null }, true),
      setPerPage: (next: number) => update({ per_page: next === defaultPerPage ? null : next }),
      setSearch: (next: string) => update({ search: next.trim() }),
      query: { page, per_page: perPage, ...(search.trim() ? { search: search.trim() } : {}) },
    }),
    [page, perPage, search, update, defaultPerPage],
  );
}
