import { Alert, Box, Button, Card, CardContent, Divider, Stack } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface FormCardProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A 422 without field errors, or errors for fields the form does not have. */
  rootError?: string;
  submitLabel: string;
  submitting: boolean;
  cancelTo: string;
  children: ReactNode;
}

/** The frame of a create/edit page: fields, then Cancel and the submit button at the bottom right. */
export function FormCard({ onSubmit, rootError, submitLabel, submitting, cancelTo, children }: FormCardProps) {
  return (
    <Card component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 880 }}>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          {rootError && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {rootError}
            </Alert>
          )}
          {children}
        </Stack>
      </CardContent>
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, py: 2 }}>
        <Button component={RouterLink} to={cancelTo} color="inherit" disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
      </Box>
    </Card>
  );
}
