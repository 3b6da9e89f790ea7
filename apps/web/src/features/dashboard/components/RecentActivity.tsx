import { Box, Stack, Typography } from '@mui/material';
import type { Dashboard } from '@wms/contract/dashboard';
import { formatDateTime } from '../../../lib/format';
import { SectionCard } from './SectionCard';

const DOT: Record<string, string> = {
  primary: 'primary.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  info: 'info.main',
  secondary: 'secondary.main',
};

/** The newest events within the reader's scope, rendered by the server from typed activity. */
export function RecentActivity({ items }: { items: Dashboard['recent_activity'] }) {
  return (
    <SectionCard title="Recent Activity">
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No activity yet.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Stack component="li" key={`${item.time}-${item.title}`} direction="row" spacing={1.5}>
              <Box
                sx={{ width: 10, height: 10, mt: 0.75, borderRadius: '50%', bgcolor: DOT[item.color] ?? 'info.main' }}
                aria-hidden
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {item.title}
                </Typography>
                {item.description && (
                  <Typography variant="body2" color="text.secondary">
                    {item.description}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(item.time)}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
