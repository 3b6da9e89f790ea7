import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ORDER_MESSAGES, type OrderUpdateInput } from '@wms/contract/orders';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { shippersQuery, useUpdateOrder } from '../api';
import { OrderEditForm } from '../components/OrderEditForm';
import { useOrderOrLeave } from '../use-order-or-leave';

export function OrderEditPage() {
  const navigate = useNavigate();
  const updateOrder = useUpdateOrder();
  const order = useOrderOrLeave(useParams().id);
  const shippers = useQuery(shippersQuery());

  const save = async (input: OrderUpdateInput) => {
    if (!order.data) return;
    const answer = await updateOrder.mutateAsync({ id: order.data.id, input });
    notifySuccess(answer.message || ORDER_MESSAGES.updated);
    const short = (answer as { backorder_items?: { sku: string; short: number }[] }).backorder_items ?? [];
    if (short.length > 0) {
      notifyWarning(`Not enough stock: ${short.map((item) => `${item.sku} short ${item.short}`).join(', ')}`);
    }
    navigate(`/orders/${answer.data.id}`);
  };

  const data = order.data;
  return (
    <>
      <PageHeader title="Edit Order" subtitle={data ? `${data.order_number} · ${data.customer_name}` : undefined} />
      {!data && <LoadingState label="Loading order…" />}
      {data && !data.can_be_edited && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" component={RouterLink} to={`/orders/${data.id}`}>
              Back to order
            </Button>
          }
        >
          {ORDER_MESSAGES.cannotEdit}
        </Alert>
      )}
      {data?.can_be_edited && (
        <OrderEditForm key={data.updated_at} order={data} shippers={shippers.data ?? []} onSave={save} />
      )}
    </>
  );
}
