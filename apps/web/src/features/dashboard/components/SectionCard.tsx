import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SectionCardProps {
  title: string;
  action?: { label: string; to: string };
  children: ReactNode;
}

/** A dashboard panel: a heading, an optional link to the full list, and its content. */
export function SectionCard({ title, action, children }: SectionCardProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action && (
            <Button component={Link} to={action.to} size="small">
              {action.label}
            </Button>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
