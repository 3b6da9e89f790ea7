import { Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { CartonTypesCard } from '../components/CartonTypesCard';
import { PrinterNetworksCard } from '../components/PrinterNetworksCard';
import { StationsCard } from '../components/StationsCard';

/**
 * One warehouse's packing set-up, reached from the warehouses list: its carton types, its packing stations, and the
 * printer networks those stations' label printers may be on.
 */
export function PackingSetupPage() {
  const warehouseId = Number(useParams().id);
  const warehouses = useQuery(selectableWarehousesQuery());
  const warehouse = warehouses.data?.find((candidate) => candidate.id === warehouseId);
  return (
    <>
      <PageHeader
        title="Packing set-up"
        subtitle={warehouse?.name}
        actions={
          <Button component={RouterLink} to="/warehouses" variant="outlined">
            Warehouses
          </Button>
        }
      />
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        <CartonTypesCard warehouseId={warehouseId} />
        <StationsCard warehouseId={warehouseId} />
        <PrinterNetworksCard warehouseId={warehouseId} />
      </Stack>
    </>
  );
}
