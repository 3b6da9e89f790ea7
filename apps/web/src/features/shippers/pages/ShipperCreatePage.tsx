import { SHIPPER_MESSAGES, type ShipperInput } from '@wms/contract/shippers';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { useCreateShipper } from '../api';
import { ShipperForm, shipperFormValues } from '../components/ShipperForm';
import { ShipperManagersOnly } from '../components/ShipperManagersOnly';

export function ShipperCreatePage() {
  return (
    <ShipperManagersOnly action="create">
      <CreateShipper />
    </ShipperManagersOnly>
  );
}

function CreateShipper() {
  const navigate = useNavigate();
  const createShipper = useCreateShipper();

  const save = async (input: ShipperInput) => {
    await createShipper.mutateAsync(input);
    notifySuccess(SHIPPER_MESSAGES.created);
    navigate('/shippers');
  };

  return (
    <>
      <PageHeader title="Create Shipper" subtitle="A carrier that takes parcels out of the warehouse" />
      <ShipperForm initial={shipperFormValues()} submitLabel="Create Shipper" cancelTo="/shippers" onSave={save} />
    </>
  );
}
