import { Box, Card } from '@mui/material';
import type { ListParams } from '../lib/use-list-params';
import { PaginatedTable, type PaginatedTableProps } from './PaginatedTable';
import { SearchField } from './SearchField';

type SearchableTableCardProps<Row> = Omit<
  PaginatedTableProps<Row>,
  'page' | 'perPage' | 'onPageChange' | 'onPerPageChange'
> & {
  /** Page, page size and search, kept in the URL (useListParams). */
  list: ListParams;
  searchPlaceholder: string;
};

/** The body of a list screen: a search box over a server-paged table, both bound to the URL's list params. */
export function SearchableTableCard<Row>({ list, searchPlaceholder, ...table }: SearchableTableCardProps<Row>) {
  return (
    <Card>
      <Box sx={{ p: 2 }}>
        <SearchField value={list.search} onChange={list.setSearch} placeholder={searchPlaceholder} />
      </Box>
      <PaginatedTable
        {...table}
        page={list.page}
        perPage={list.perPage}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
      />
    </Card>
  );
}
