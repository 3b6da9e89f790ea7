import { Box, ButtonBase, Card, Skeleton, Typography } from '@mui/material';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '@wms/contract/returns';

interface ReturnStatCardsProps {
  stats: Record<ReturnStatus, number> | undefined;
  selected: string;
  onSelect: (status: string) => void;
}

/** One card per status with its count within the other filters; a card filters the list by its status. */
export function ReturnStatCards({ stats, selected, onSelect }: ReturnStatCardsProps) {
  return (
    <Box
      role="group"
      aria-label="Returns per status"
      sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' } }}
    >
      {RETURN_STATUSES.map((status) => (
        <Card key={status} variant={selected === status ? 'outlined' : undefined}>
          <ButtonBase
            onClick={() => onSelect(selected === status ? '' : status)}
            aria-pressed={selected === status}
            sx={{ display: 'block', width: '100%', textAlign: 'left', p: 2 }}
          >
            <Typography variant="body2" color="text.secondary">
              {RETURN_STATUS_LABELS[status]}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`stat-${status}`}>
              {stats ? stats[status].toLocaleString() : <Skeleton width={48} />}
            </Typography>
          </ButtonBase>
        </Card>
      ))}
    </Box>
  );
}
