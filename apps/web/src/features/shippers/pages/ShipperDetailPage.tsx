import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Card, CardContent, Divider, Grid, Link, Typography } from '@mui/material';
import { trackingLink } from '@wms/contract/shippers';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDeletionDialog } from '../../../components/ConfirmDeletionDialog';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session/use-session';
import { ShipperStatusChip } from '../components/ShipperStatusChip';
import { useShipperDeletion } from '../components/use-shipper-deletion';
import { useShipperOrLeave } from '../components/use-shipper-or-leave';
import { canManageShippers } from '../shipper-permissions';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A dt/dd pair; its Grid item is the one div a dl may group them in (axe dl/dlitem). */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

export function ShipperDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { user: me } = useSession();
  const shipper = useShipperOrLeave(id, 'Error loading shipper details');
  const { confirm, remove } = useShipperDeletion(() => navigate('/shippers'));
  const data = shipper.data;

  return (
    <>
      <PageHeader
        title={data?.name ?? 'Shipper Details'}
        subtitle={data && <ShipperStatusChip active={data.is_active} />}
        actions={
          <>
            <Button component={RouterLink} to="/shippers" startIcon={<ArrowBackIcon />} color="inherit">
              Back
            </Button>
            {data && canManageShippers(me, 'edit') && (
              <Button
                component={RouterLink}
                to={`/shippers/${id}/edit`}
                variant="contained"
                startIcon={<EditOutlinedIcon />}
              >
                Edit
              </Button>
            )}
            {data && canManageShippers(me, 'delete') && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutlinedIcon />}
                onClick={() => confirm.ask(data)}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      {shipper.isPending && <LoadingState label="Loading shipper…" />}
      {data && (
        <Card sx={{ maxWidth: 880 }}>
          <CardContent sx={{ p: 3 }}>
            <Grid container spacing={3} component="dl" sx={{ m: 0 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Detail label="Name">{data.name}</Detail>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Detail label="Code">{data.code}</Detail>
              </Grid>
              <Grid size={12}>
                <Detail label="Description">{data.description || '—'}</Detail>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Detail label="Website">
                  {data.website ? (
                    <Link href={data.website} target="_blank" rel="noopener noreferrer">
                      {data.website} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
                    </Link>
                  ) : (
                    '—'
                  )}
                </Detail>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Detail label="Tracking URL">{data.tracking_url || 'Not set'}</Detail>
              </Grid>
              {data.tracking_url && (
                <Grid size={12}>
                  <Detail label="Example tracking link">
                    <Link
                      href={trackingLink(data.tracking_url, '1Z999AA10123456784')}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {trackingLink(data.tracking_url, '1Z999AA10123456784')}
                    </Link>
                  </Detail>
                </Grid>
              )}
            </Grid>
          </CardContent>
          <Divider />
          <CardContent sx={{ display: 'flex', gap: 4, color: 'text.secondary' }}>
            <Typography variant="caption">Created {dateTime.format(new Date(data.created_at))}</Typography>
            <Typography variant="caption">Updated {dateTime.format(new Date(data.updated_at))}</Typography>
          </CardContent>
        </Card>
      )}
      <ConfirmDeletionDialog
        open={confirm.open}
        name={confirm.target?.name}
        busy={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() => confirm.target && remove.mutate(confirm.target.id)}
      />
    </>
  );
}
