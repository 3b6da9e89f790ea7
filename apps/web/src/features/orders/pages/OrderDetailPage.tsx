import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import ContactSupportOutlinedIcon from '@mui/icons-material/ContactSupportOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Box, Button, Grid, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { StatusChip } from '../../../components/StatusChip';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { orderStatusOptionsQuery } from '../api';
import { InlineStatusSelect } from '../components/InlineStatusSelect';
import { OrderCartonsCard } from '../components/OrderCartonsCard';
import { OrderDetailsCard } from '../components/OrderDetailsCard';
import { OrderItemsCard } from '../components/OrderItemsCard';
import { OrderLabelsCard } from '../components/OrderLabelsCard';
import { OrderQuickStats } from '../components/OrderQuickStats';
import { OrderReturnsCard } from '../components/OrderReturnsCard';
import { OrderTimeline } from '../components/OrderTimeline';
import { PickLocationsCard } from '../components/PickLocationsCard';
import { UploadLabelDialog } from '../components/UploadLabelDialog';
import { useOrderStatusChange } from '../components/use-order-status-change';
import { useOrderOrLeave } from '../use-order-or-leave';

/** /orders/{id} (spec 2 §2): header, order items, details, shipment labels, quick stats, timeline. */
export function OrderDetailPage() {
  const { user } = useSession();
  const order = useOrderOrLeave(useParams().id);
  const statuses = useQuery(orderStatusOptionsQuery());
  const status = useOrderStatusChange({ linkToOrder: false });
  const [uploading, setUploading] = useState(false);

  if (!order.data) {
    return (
      <>
        <PageHeader title="Order Details" />
        <LoadingState label="Loading order…" />
      </>
    );
  }
  const data = order.data;
  const canEdit = hasPermission(user, 'edit orders');
  const inquiryLink = `/inquiries/create?${new URLSearchParams({
    order_number: data.order_number,
    order_id: data.order_id,
    type: 'orders',
  }).toString()}`;

  return (
    <>
      <PageHeader
        title={`Order ${data.order_number}`}
        subtitle={
          <Stack
            component="span"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            {/* With edit rights the status control below shows it (one control). */}
            {!canEdit && <StatusChip status={data.status} color={data.status_color} />}
            <span>
              {data.customer_name} · {data.account.name}
            </span>
          </Stack>
        }
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} component={RouterLink} to="/orders" color="inherit">
              Back
            </Button>
            {hasPermission(user, 'create inquiries') && (
              <Button
                variant="outlined"
                startIcon={<ContactSupportOutlinedIcon />}
                component={RouterLink}
                to={inquiryLink}
              >
                Create Inquiry
              </Button>
            )}
            {data.shipped_items_count > 0 && hasPermission(user, 'create returns') && (
              <Button
                variant="outlined"
                startIcon={<AssignmentReturnOutlinedIcon />}
                component={RouterLink}
                to={`/orders/${data.id}/return`}
              >
                Announce return
              </Button>
            )}
            {data.lifecycle === 'open' && hasPermission(user, 'pack') && (
              <Button
                variant="outlined"
                startIcon={<Inventory2OutlinedIcon />}
                component={RouterLink}
                to={`/packing/orders/${data.id}`}
              >
                Pack
              </Button>
            )}
            {canEdit && data.can_be_edited && (
              <Button
                variant="contained"
                startIcon={<EditOutlinedIcon />}
                component={RouterLink}
                to={`/orders/${data.id}/edit`}
              >
                Edit
              </Button>
            )}
          </>
        }
      />
      {canEdit && (
        <Box sx={{ mb: 3, maxWidth: 320 }}>
          <InlineStatusSelect
            order={data}
            options={statuses.data}
            label="Order status"
            disabled={status.pendingOrderId === data.id}
            onChange={(option) => status.request(data, option)}
          />
        </Box>
      )}
      {/* The packer's work first and full width, so every column and the Verify buttons fit. */}
      <Box sx={{ mb: 3 }}>
        <OrderItemsCard order={data} canVerify={canEdit && userAllows(user, 'verifyOrderItems')} />
        {data.lifecycle === 'open' && hasPermission(user, 'view locations') && (
          <Box sx={{ mt: 3 }}>
            <PickLocationsCard orderId={data.id} />
          </Box>
        )}
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }} sx={{ minWidth: 0 }}>
          <Stack spacing={3}>
            <OrderDetailsCard order={data} />
            <OrderCartonsCard orderId={data.id} />
            <OrderLabelsCard
              order={data}
              canUpload={hasPermission(user, 'create orders')}
              onUpload={() => setUploading(true)}
            />
            {data.shipped_items_count > 0 && hasPermission(user, 'view returns') && (
              <OrderReturnsCard orderId={data.id} />
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }} sx={{ minWidth: 0 }}>
          <Stack spacing={3}>
            <OrderQuickStats order={data} />
            <OrderTimeline entries={data.timeline} />
          </Stack>
        </Grid>
      </Grid>
      {status.dialog}
      <UploadLabelDialog order={uploading ? data : null} onClose={() => setUploading(false)} />
    </>
  );
}
