import BuildIcon from '@mui/icons-material/Build';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { KitWorkOrder, KitWorkOrderKind } from '@wms/contract/kit-work-orders';
import type { Product } from '@wms/contract/products';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { ProductPicker } from '../../../components/ProductPicker';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { isValidationError } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { kitWorkOrdersQuery, useCreateKitWorkOrder } from '../api';
import { WorkOrderStatusChip } from '../components/WorkOrderStatusChip';

const KIND_LABELS: Record<KitWorkOrderKind, string> = { build: 'Build', disassemble: 'Take apart' };

const columns: TableColumn<KitWorkOrder>[] = [
  {
    id: 'number',
    header: 'Work order',
    render: (o) => (
      <RouterLink to={`/kit-work-orders/${o.id}`} style={{ fontFamily: 'monospace' }}>
        {o.number}
      </RouterLink>
    ),
  },
  { id: 'kind', header: 'Kind', render: (o) => KIND_LABELS[o.kind] },
  { id: 'kit', header: 'Kit', render: (o) => <Box sx={{ fontFamily: 'monospace' }}>{o.kit.sku}</Box> },
  { id: 'quantity', header: 'Kits', align: 'right', render: (o) => o.quantity },
  { id: 'target', header: 'Target', render: (o) => o.target_location.code },
  { id: 'status', header: 'Status', render: (o) => <WorkOrderStatusChip status={o.status} /> },
];

/** A new work order for the header's warehouse: the kit, how many, build or take apart. */
function CreateForm({ warehouseId }: { warehouseId: number }) {
  const navigate = useNavigate();
  const create = useCreateKitWorkOrder();
  const [kit, setKit] = useState<Product | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [kind, setKind] = useState<KitWorkOrderKind>('build');
  const errors = isValidationError(create.error) ? create.error.fieldErrors : {};
  const submit = () => {
    if (!kit) return;
    create.mutate(
      { kit_product_id: kit.id, warehouse_id: warehouseId, quantity: Number(quantity), kind },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message ?? 'Work order created.');
          void navigate(`/kit-work-orders/${answer.data.id}`);
        },
      },
    );
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          New work order
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 2, minWidth: 0 }}>
            <ProductPicker
              id="kit_product_id"
              value={kit}
              onChange={setKit}
              error={errors.kit_product_id?.join(', ')}
            />
          </Box>
          <TextField
            id="kit-quantity"
            label="Kits"
            type="number"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={Boolean(errors.quantity)}
            helperText={errors.quantity?.join(', ')}
            slotProps={{ htmlInput: { min: 1 } }}
            sx={{ flex: 1 }}
          />
          <FormControl sx={{ flex: 1, minWidth: 140 }}>
            <InputLabel id="kit-kind-label">Kind</InputLabel>
            <Select
              labelId="kit-kind-label"
              label="Kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as KitWorkOrderKind)}
            >
              <MenuItem value="build">Build</MenuItem>
              <MenuItem value="disassemble">Take apart</MenuItem>
            </Select>
          </FormControl>
          <Button variant="contained" startIcon={<BuildIcon />} onClick={submit} disabled={!kit || create.isPending}>
            Create work order
          </Button>
        </Stack>
        {errors.target_location_id && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.target_location_id.join(', ')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** Kit work orders of the header's warehouse (docs/catalogue-kits.md): create one, and the list. */
export function KitWorkOrdersPage() {
  const { warehouse } = useWorkingContext();
  const warehouseId = warehouse?.id ?? 0;
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const orders = useQuery({
    ...kitWorkOrdersQuery(warehouseId, { page, per_page: perPage }),
    enabled: warehouseId > 0,
  });

  if (!warehouse) {
    return (
      <Box>
        <PageHeader title="Kit work orders" />
        <Alert severity="info">Choose a warehouse in the header.</Alert>
      </Box>
    );
  }
  return (
    <Box>
      <PageHeader title="Kit work orders" subtitle={warehouse.name} />
      <Stack spacing={2}>
        <CreateForm warehouseId={warehouse.id} />
        <Card>
          <PaginatedTable
            label="Kit work orders"
            columns={columns}
            rows={orders.data?.data}
            getRowId={(o) => o.id}
            total={orders.data?.meta.total ?? 0}
            page={page}
            perPage={perPage}
            onPageChange={setPage}
            onPerPageChange={(size) => {
              setPerPage(size);
              setPage(1);
            }}
            loading={orders.isFetching}
            error={orders.isError ? 'Failed to load the work orders' : null}
            onRetry={() => void orders.refetch()}
            emptyTitle="No work orders yet"
            card={{
              title: (o) => <RouterLink to={`/kit-work-orders/${o.id}`}>{o.number}</RouterLink>,
              status: (o) => <WorkOrderStatusChip status={o.status} />,
              subtitle: (o) => `${KIND_LABELS[o.kind]} ${o.quantity} × ${o.kit.sku}`,
              meta: (o) => `Target ${o.target_location.code}`,
            }}
          />
        </Card>
      </Stack>
    </Box>
  );
}
