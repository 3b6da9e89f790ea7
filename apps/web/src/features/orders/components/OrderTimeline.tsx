import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { OrderDetail } from '@wms/contract/orders';
import { formatDateTime } from '../../../lib/format';

/** The order's own activity (status changes, verification, labels…), newest first, as the server renders it. */
export function OrderTimeline({ entries }: { entries: OrderDetail['timeline'] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Timeline
        </Typography>
        {entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No activity yet
          </Typography>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Order timeline">
            {entries.map((entry) => (
              <Stack component="li" key={entry.id} direction="row" spacing={1.5}>
                <Box
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flexShrink: 0 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {entry.title}
                  </Typography>
                  {entry.description && (
                    <Typography variant="body2" color="text.secondary">
                      {entry.description}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(entry.time)}
                    {entry.actor ? ` · ${entry.actor.name}` : ''}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
