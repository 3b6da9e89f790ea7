import { Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatCardProps {
  label: string;
  value: number | undefined;
  caption?: string;
  icon: ReactNode;
  to?: string;
  /** The label's heading level: h2 for the top cards, h3 inside a titled panel. */
  headingLevel?: 'h2' | 'h3';
}

/** One figure with its label; the whole card links somewhere when `to` is set. */
export function StatCard({ label, value, caption, icon, to, headingLevel = 'h2' }: StatCardProps) {
  const body = (
    <CardContent>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Stack sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Stack>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" component={headingLevel}>
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {value === undefined ? <Skeleton width={48} /> : value.toLocaleString()}
          </Typography>
          {caption && (
            <Typography variant="caption" color="text.secondary">
              {caption}
            </Typography>
          )}
        </Stack>
      </Stack>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
