import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TuneIcon from '@mui/icons-material/Tune';
import { Avatar, Box, Button, Card, CardContent, Divider, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { INVENTORY_MESSAGES, type Inventory } from '@wms/contract/inventory';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { PickFacesCard } from '../../../components/pick-faces/PickFacesCard';
import { RedirectWithMessage } from '../../../components/RedirectWithMessage';
import { StockPlacesTable } from '../../../components/StockPlacesTable';
import { failureMessage } from '../../../lib/api/failure-message';
import { formatDateTime, formatWeight } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { inventoryPlacesQueryOptions, inventoryQueryOptions, useDeleteInventory } from '../api';
import { AdjustQuantityDialog } from '../components/AdjustQuantityDialog';
import { LotsTable } from '../components/LotsTable';
import { MovementHistory } from '../components/MovementHistory';
import { MoveStockDialog } from '../components/MoveStockDialog';
import { StockLevelBar } from '../components/StockLevelBar';
import { StockStatusChip } from '../components/StockStatusChip';
import { VerifiedChip } from '../components/VerifiedChip';
import { VerifiedToggle } from '../components/VerifiedToggle';
import { canBuildText } from '../kit-buildable';
import { lotsOf } from '../lot-summary';
import { stockStatusView, TONE_COLOR } from '../stock-rules';

const StatCard = ({ label, value, color }: { label: string; value: number; color?: string }) => (
  <Card>
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        sx={{ fontWeight: 700, mt: 0.5, color, fontVariantNumeric: 'tabular-nums' }}
      >
        {value.toLocaleString()}
      </Typography>
    </CardContent>
  </Card>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
      {children}
    </Typography>
  </Box>
);

export function InventoryDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const inventory = useQuery({ ...inventoryQueryOptions(id), enabled: valid });

  if (!valid || inventory.isError) {
    const message = inventory.isError ? failureMessage(inventory.error, 'Failed to load inventory details') : null;
    return <RedirectWithMessage to="/inventories" message={message ?? 'Failed to load inventory details'} />;
  }
  if (!inventory.data) {
    return (
      <>
        <PageHeader title="Inventory Details" />
        <LoadingState label="Loading inventory…" />
      </>
    );
  }
  return <InventoryDetail inventory={inventory.data} />;
}

function InventoryDetail({ inventory }: { inventory: Inventory }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [adjustOpen, setAdjustOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDeleteInventory();
  const removeInventory = () =>
    remove.mutate(inventory.id, {
      onSuccess: () => {
        notifySuccess(INVENTORY_MESSAGES.deleted);
        navigate('/inventories');
      },
      onError: (error) => {
        setConfirmOpen(false);
        const message = failureMessage(error, 'Failed to delete inventory');
        if (message) notifyError(message);
      },
    });

  const canEdit = hasPermission(user, 'edit inventories');
  const canDelete = hasPermission(user, 'delete inventories');
  // Locations are staff knowledge: who may view them sees where the units lie; who may edit them moves.
  const canSeePlaces = hasPermission(user, 'view locations');
  const canMove = hasPermission(user, 'edit locations');
  const places = useQuery({ ...inventoryPlacesQueryOptions(inventory.id), enabled: canSeePlaces });
  const lots = lotsOf(places.data ?? []);
  // Spec §4/§6: admin or manager (and super-admin) toggle; everyone else sees the chip.
  const canVerify = canEdit && userAllows(user, 'setInventoryVerified');
  const { product } = inventory;
  const availableTone = stockStatusView(inventory.quantity_available).tone;

  return (
    <>
      <PageHeader
        title="Inventory Details"
        subtitle={`${product.name} · ${inventory.warehouse_name} · ${inventory.account_name}`}
        actions={
          <Button component={RouterLink} to="/inventories" startIcon={<ArrowBackIcon />} color="inherit">
            Back to Inventories
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Card>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" sx={{ mb: 2 }}>
                Product Information
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
                <Avatar
                  variant="rounded"
                  src={product.photo_url ?? undefined}
                  alt={product.name}
                  sx={{
                    width: 112,
                    height: 112,
                    bgcolor: 'grey.100',
                    color: 'grey.500',
                    border: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Inventory2OutlinedIcon fontSize="large" />
                </Avatar>
                <Box sx={{ flex: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  <Fact label="Product">
                    <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {product.name}
                    </Typography>
                  </Fact>
                  <Fact label="SKU">
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {product.sku}
                    </Box>
                  </Fact>
                  {inventory.kit_buildable !== null && (
                    <Fact label="Assembled kit">
                      {canBuildText(inventory.kit_buildable)}
                      <Typography variant="caption" color="text.secondary" component="div">
                        more from its components’ available stock in this warehouse
                      </Typography>
                    </Fact>
                  )}
                  <Fact label="Account">{inventory.account_name}</Fact>
                  <Fact label="Warehouse">
                    {inventory.warehouse_name} ({inventory.warehouse.code})
                  </Fact>
                  <Fact label="Weight">{formatWeight(product.weight)}</Fact>
                  <Fact label="Dimension">{product.dimension ?? '—'}</Fact>
                  {product.link && (
                    <Fact label="Product Link">
                      <Link href={product.link} target="_blank" rel="noopener noreferrer">
                        {product.link}
                      </Link>
                    </Fact>
                  )}
                  <Fact label="Last Updated">{formatDateTime(inventory.updated_at)}</Fact>
                </Box>
              </Stack>
            </CardContent>
          </Card>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            <StatCard label="On Hand" value={inventory.quantity_on_hand} />
            <StatCard label="Reserved" value={inventory.quantity_reserved} />
            <StatCard label="Quarantined" value={inventory.quantity_quarantined} />
            <StatCard label="Available" value={inventory.quantity_available} color={TONE_COLOR[availableTone]} />
          </Box>
          <Card>
            <CardContent sx={{ p: 3 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
                <Typography variant="h6">Stock Status</Typography>
                <StockStatusChip available={inventory.quantity_available} size="medium" />
              </Stack>
              <StockLevelBar available={inventory.quantity_available} onHand={inventory.quantity_on_hand} />
            </CardContent>
          </Card>
          {canSeePlaces && (
            <Card>
              <CardContent>
                <Typography variant="h6">Stock by Location</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Where the units lie, in the order picking takes them. Quarantined units are not available.
                </Typography>
                {places.isError ? (
                  <Typography color="error">Failed to load locations</Typography>
                ) : !places.data ? (
                  <LoadingState label="Loading locations…" />
                ) : places.data.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    No units on hand.
                  </Typography>
                ) : (
                  <StockPlacesTable
                    label="Stock by location"
                    rows={places.data.map((place) => ({
                      key: `${place.location.id}:${place.lot?.id ?? ''}`,
                      ...place,
                    }))}
                  />
                )}
              </CardContent>
            </Card>
          )}
          {hasPermission(user, 'view replenishment') && (
            <PickFacesCard
              inventoryId={inventory.id}
              warehouseId={inventory.warehouse.id}
              canManage={hasPermission(user, 'manage replenishment')}
            />
          )}
          {lots.length > 0 && (
            <Card>
              <CardContent>
                <Typography variant="h6">Lots</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Soonest expiry first.
                </Typography>
                <LotsTable lots={lots} />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardContent sx={{ pb: 0 }}>
              <Typography variant="h6">Movement History</Typography>
              <Typography variant="body2" color="text.secondary">
                Every change to on hand and reserved, newest first.
              </Typography>
            </CardContent>
            <MovementHistory inventoryId={inventory.id} />
          </Card>
        </Stack>
        <Stack spacing={3}>
          <Card>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" sx={{ mb: 2 }}>
                Quick Actions
              </Typography>
              <Stack spacing={1.5}>
                {canEdit && (
                  <Button variant="contained" startIcon={<TuneIcon />} onClick={() => setAdjustOpen(true)}>
                    Adjust Quantity
                  </Button>
                )}
                {canMove && (
                  <Button
                    variant="outlined"
                    startIcon={<SwapHorizIcon />}
                    onClick={() => setMoveOpen(true)}
                    disabled={!places.data || places.data.length === 0}
                  >
                    Move Stock
                  </Button>
                )}
                {canEdit && (
                  <Button
                    variant="outlined"
                    startIcon={<EditOutlinedIcon />}
                    component={RouterLink}
                    to={`/inventories/${inventory.id}/edit`}
                  >
                    Edit Inventory
                  </Button>
                )}
                {canDelete && (
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteOutlineIcon />}
                    onClick={() => setConfirmOpen(true)}
                  >
                    Delete Inventory
                  </Button>
                )}
                {!canEdit && !canDelete && (
                  <Typography variant="body2" color="text.secondary">
                    You can view this inventory; changes are made by the warehouse team.
                  </Typography>
                )}
              </Stack>
              <Divider sx={{ my: 2 }} />
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Verification
              </Typography>
              {canVerify ? <VerifiedToggle inventory={inventory} /> : <VerifiedChip verified={inventory.verified} />}
            </CardContent>
          </Card>
        </Stack>
      </Box>
      <AdjustQuantityDialog
        inventory={adjustOpen ? inventory : null}
        onClose={() => setAdjustOpen(false)}
        failureText="Failed to adjust inventory"
      />
      <MoveStockDialog
        inventory={moveOpen ? inventory : null}
        places={places.data ?? []}
        onClose={() => setMoveOpen(false)}
      />
      <ConfirmDialog
        open={confirmOpen}
        title="Confirm Delete"
        text={`Are you sure you want to delete the inventory of "${product.name}" in ${inventory.warehouse_name}? Its movement history is kept.`}
        busy={remove.isPending}
        onConfirm={removeInventory}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
