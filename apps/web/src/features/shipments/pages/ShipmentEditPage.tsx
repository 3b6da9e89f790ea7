import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SHIPMENT_MESSAGES, type Shipment } from '@wms/contract/shipments';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FormCard } from '../../../components/FormCard';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { shipmentQueryOptions, useUpdateShipment } from '../api';
import { ShipmentFieldsInputs } from '../components/ShipmentFieldsInputs';
import {
  SHIPMENT_FIELD_NAMES,
  type ShipmentFieldValues,
  shipmentFieldsSchema,
  toShipmentFields,
} from '../shipment-form';

/** Spec 2 §4/§5: only a pending shipment is edited; product, account and warehouse stay as they are. */
export function ShipmentEditPage() {
  const id = Number(useParams().id);
  const shipment = useQuery({ ...shipmentQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  useFailureNotice(shipment.error, SHIPMENT_MESSAGES.loadOneFailed);
  if (shipment.isError || !(Number.isInteger(id) && id > 0)) return <Navigate to="/shipments" replace />;
  if (!shipment.data) return <LoadingState />;
  return <EditForm shipment={shipment.data.data} />;
}

function EditForm({ shipment }: { shipment: Shipment }) {
  const navigate = useNavigate();
  const updateShipment = useUpdateShipment();
  const form = useForm<ShipmentFieldValues>({
    resolver: zodResolver(shipmentFieldsSchema),
    defaultValues: {
      quantity: String(shipment.quantity),
      tracking_number: shipment.tracking_number ?? '',
      carrier: shipment.carrier ?? '',
      delivery_date: shipment.delivery_date ?? '',
      notes: shipment.notes ?? '',
    },
  });
  const detailPath = `/shipments/${shipment.id}`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateShipment.mutateAsync({ id: shipment.id, payload: toShipmentFields(values) });
      notifySuccess(SHIPMENT_MESSAGES.updated);
      navigate(detailPath);
    } catch (error) {
      applyServerErrors(error, SHIPMENT_FIELD_NAMES, form.setError, SHIPMENT_MESSAGES.updateFailed);
    }
  });

  return (
    <>
      <PageHeader
        title="Edit Shipment"
        subtitle={`Shipment #${shipment.id}`}
        actions={
          <Button startIcon={<ArrowBackIcon />} color="inherit" onClick={() => navigate(detailPath)}>
            Back
          </Button>
        }
      />
      {!shipment.can_edit ? (
        <Alert severity="info">
          {shipment.status === 'pending' ? SHIPMENT_MESSAGES.onlyCreatorEdits : SHIPMENT_MESSAGES.onlyPendingEdited}
        </Alert>
      ) : (
        <FormCard
          onSubmit={onSubmit}
          rootError={form.formState.errors.root?.server?.message}
          submitLabel="Save Changes"
          submitting={form.formState.isSubmitting}
          cancelTo={detailPath}
        >
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            {[
              ['edit-product', 'Product', `${shipment.product.name} (${shipment.product.sku})`],
              ['edit-account', 'Account', shipment.account.name],
              ['edit-warehouse', 'Warehouse', `${shipment.warehouse.name} (${shipment.warehouse.code})`],
            ].map(([fieldId, label, value]) => (
              <TextField
                key={fieldId}
                id={fieldId}
                label={label}
                value={value}
                slotProps={{ input: { readOnly: true } }}
                helperText="Cannot be changed"
              />
            ))}
          </Box>
          <ShipmentFieldsInputs form={form} />
        </FormCard>
      )}
    </>
  );
}
