import { Box, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { DRAFT_DESCRIPTION_MAX, DRAFT_TITLE_MAX } from '@wms/contract/drafts';
import { Controller, useFormContext } from 'react-hook-form';
import type { OrderCreateValues } from '../order-create-form';

export interface DraftInfoCardProps {
  draftId: number | null;
  dirty: boolean;
}

/**
 * The draft's title, description and save state on /orders/create. A grid, not a flex row: each field gets its own
 * track (the description the widest) and the state its own column, so nothing shrinks a field or sits on top of it.
 */
export function DraftInfoCard({ draftId, dirty }: DraftInfoCardProps) {
  const { control } = useFormContext<OrderCreateValues>();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label="Draft information">
      <CardContent>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(180px, 1fr) minmax(240px, 2fr) auto' },
          }}
        >
          {(
            [
              ['title', 'Draft title', DRAFT_TITLE_MAX],
              ['description', 'Draft description', DRAFT_DESCRIPTION_MAX],
            ] as const
          ).map(([name, label, max]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  size="small"
                  label={label}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: max } }}
                />
              )}
            />
          ))}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
            <Typography variant="body2" color="text.secondary" data-testid="draft-state">
              {draftId ? `Draft #${draftId}` : 'Not saved yet'}
            </Typography>
            {dirty && <Chip size="small" color="warning" label="Unsaved changes" />}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
