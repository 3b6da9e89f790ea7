import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { OrderDetail } from '@wms/contract/orders';
import { LabelList } from './LabelDownloadDialog';

interface OrderLabelsCardProps {
  order: OrderDetail;
  canUpload: boolean;
  onUpload: () => void;
}

/** Shipment labels: each downloadable; upload while the order is not shipped. */
export function OrderLabelsCard({ order, canUpload, onUpload }: OrderLabelsCardProps) {
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Shipment Labels
          </Typography>
          {canUpload && order.lifecycle !== 'shipped' && (
            <Button size="small" startIcon={<UploadFileIcon />} onClick={onUpload}>
              Upload Label
            </Button>
          )}
        </Stack>
        {order.shipment_labels.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No labels yet
          </Typography>
        ) : (
          <LabelList labels={order.shipment_labels} />
        )}
      </CardContent>
    </Card>
  );
}
