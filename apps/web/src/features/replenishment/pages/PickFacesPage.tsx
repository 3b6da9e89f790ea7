import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Card, Link, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PickFace } from '@wms/contract/replenishment';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { CardLayout } from '../../../components/CardList';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useListParams } from '../../../lib/use-list-params';
import { warehousePickFacesQuery } from '../api';
import { ImportPickFacesDialog } from '../components/ImportPickFacesDialog';

const columns: TableColumn<PickFace>[] = [
  {
    id: 'location',
    header: 'Location',
    render: (f) => <Box sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{f.location.code}</Box>,
  },
  {
    id: 'product',
    header: 'Product',
    render: (f) => (
      <Link component={RouterLink} to={`/inventories/${f.inventory_id}`}>
        {f.product.sku}
      </Link>
    ),
  },
  { id: 'name', header: 'Name', render: (f) => f.product.name },
  { id: 'min', header: 'Min', align: 'right', render: (f) => f.min },
  { id: 'max', header: 'Max', align: 'right', render: (f) => f.max },
  { id: 'increment', header: 'Increment', align: 'right', render: (f) => f.increment },
  {
    id: 'free',
    header: 'Free',
    align: 'right',
    render: (f) => (
      <Box component="span" sx={{ color: f.available < f.min ? 'error.main' : undefined, fontWeight: 600 }}>
        {f.available}
      </Box>
    ),
  },
  { id: 'on-hand', header: 'On hand', align: 'right', render: (f) => f.quantity },
];

const card: CardLayout<PickFace> = {
  title: (f) => `${f.location.code} · ${f.product.sku}`,
  subtitle: (f) => f.product.name,
  meta: (f) => `free ${f.available} · min ${f.min} · max ${f.max} · by ${f.increment}`,
};

/** Every pick face of a warehouse (paginated): where each product is kept full, and how full it is now. */
export function PickFacesPage() {
  const warehouseId = Number(useParams().id);
  const list = useListParams();
  const faces = useQuery(warehousePickFacesQuery(warehouseId, { page: list.page, per_page: list.perPage }));
  const { user } = useSession();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <PageHeader
        title="Pick faces"
        subtitle="Set a face on the inventory's page, or import a spreadsheet"
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/replenishment" startIcon={<ArrowBackIcon />} color="inherit">
              Replenish
            </Button>
            <ExportMenu path={`/warehouses/${warehouseId}/pick-faces/export`} bypassDefault fileBase="pick_faces" />
            {hasPermission(user, 'manage replenishment') && (
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                Import
              </Button>
            )}
          </Stack>
        }
      />
      <Card>
        <PaginatedTable
          label="Pick faces"
          columns={columns}
          card={card}
          rows={faces.data?.data}
          getRowId={(f) => f.id}
          total={faces.data?.meta.total ?? 0}
          page={list.page}
          perPage={list.perPage}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          loading={faces.isFetching}
          error={faces.isError ? 'Failed to load pick faces' : null}
          onRetry={() => void faces.refetch()}
          emptyIcon={<PlaceOutlinedIcon />}
          emptyTitle="No pick faces"
          emptyHint="Set min, max and increment on an inventory row's pick location"
        />
      </Card>
      {importing && <ImportPickFacesDialog warehouseId={warehouseId} onClose={() => setImporting(false)} />}
    </>
  );
}
