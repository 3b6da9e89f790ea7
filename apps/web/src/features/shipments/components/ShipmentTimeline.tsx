import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ShipmentTimelineItem } from '@wms/contract/shipments';
import { formatDateTime } from '../../../lib/format';

const DOT_COLORS: Record<string, string> = {
  primary: 'primary.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  info: 'info.main',
  secondary: 'secondary.main',
};

/** The shipment's history, oldest first: created, corrected, verified or rejected — who, when, and the reason. */
export function ShipmentTimeline({ items }: { items: readonly ShipmentTimelineItem[] }) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No history yet.
      </Typography>
    );
  }
  return (
    <List aria-label="Shipment timeline" disablePadding>
      {items.map((item) => (
        <ListItem key={item.id} disableGutters alignItems="flex-start" sx={{ gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', mt: 1, flexShrink: 0, bgcolor: DOT_COLORS[item.color] }}
          />
          <ListItemText
            primary={item.title}
            secondary={
              <>
                {item.description && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {item.description}
                  </Typography>
                )}
                <Typography component="span" variant="caption" color="text.secondary">
                  {formatDateTime(item.time)}
                </Typography>
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
