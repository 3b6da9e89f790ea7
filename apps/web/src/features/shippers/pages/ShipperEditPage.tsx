import { SHIPPER_MESSAGES, type ShipperInput } from '@wms/contract/shippers';
import { useNavigate, useParams } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateShipper } from '../api';
import { ShipperCutoffsCard } from '../components/ShipperCutoffsCard';
import { ShipperForm, shipperFormValues } from '../components/ShipperForm';
import { ShipperManagersOnly } from '../components/ShipperManagersOnly';
import { useShipperOrLeave } from '../components/use-shipper-or-leave';

export function ShipperEditPage() {
  return (
    <ShipperManagersOnly action="edit">
      <EditShipper />
    </ShipperManagersOnly>
  );
}

function EditShipper() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const updateShipper = useUpdateShipper();
  const shipper = useShipperOrLeave(id, 'Error loading shipper data');

  const save = async (input: ShipperInput) => {
    await updateShipper.mutateAsync({ id, input });
    notifySuccess(SHIPPER_MESSAGES.updated);
    navigate(`/shippers/${id}`);
  };

  return (
    <>
      <PageHeader title="Edit Shipper" subtitle={shipper.data?.name} />
      {shipper.isPending && <LoadingState label="Loading shipper…" />}
      {shipper.data && (
        <ShipperForm
          key={shipper.data.updated_at}
          initial={shipperFormValues(shipper.data)}
          submitLabel="Save Changes"
          cancelTo={`/shippers/${id}`}
          onSave={save}
        />
      )}
      {shipper.data && <ShipperCutoffsCard shipperId={id} />}
    </>
  );
}
