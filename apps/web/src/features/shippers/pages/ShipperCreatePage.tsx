import { useQueryClient } from '@tanstack/react-query';
import { SHIPPER_MESSAGES, type ShipperInput } from '@wms/contract/shippers';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { createShipper } from '../api';
import { ShipperForm, shipperFormValues } from '../components/ShipperForm';
import { ShipperManagersOnly } from '../components/ShipperManagersOnly';
import { shipperKeys } from '../query-keys';

export function ShipperCreatePage() {
  return (
    <ShipperManagersOnly action="create">
      <CreateShipper />
    </ShipperManagersOnly>
  );
}

function CreateShipper() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const save = async (input: ShipperInput) => {
    await createShipper(input);
    notifySuccess(SHIPPER_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: shipperKeys.all });
    navigate('/shippers');
  };

  return (
    <>
      <PageHeader title="Create Shipper" subtitle="A carrier that takes parcels out of the warehouse" />
      <ShipperForm initial={shipperFormValues()} submitLabel="Create Shipper" cancelTo="/shippers" onSave={save} />
    </>
  );
}
