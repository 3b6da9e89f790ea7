import { Box, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { DRAFT_DESCRIPTION_MAX, DRAFT_TITLE_MAX } from '@wms/contract/drafts';

export interface DraftInfoCardProps {
  title: string;
  description: string;
  draftId: number | null;
  dirty: boolean;
  onTitle: (value: string) => void;
  onDescription: (value: string) => void;
}

/**
 * The draft's title, description and save state on /orders/create. A grid, not a flex row: each field gets its own
 * track (the description the widest) and the state its own column, so nothing shrinks a field or sits on top of it.
 */
export function DraftInfoCard({ title, description, draftId, dirty, onTitle, onDescription }: DraftInfoCardProps) {
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
          <TextField
            size="small"
            label="Draft title"
            value={title}
            onChange={(e) => onTitle(e.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: DRAFT_TITLE_MAX } }}
          />
          <TextField
            size="small"
            label="Draft description"
            value={description}
            onChange={(e) => onDescription(e.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: DRAFT_DESCRIPTION_MAX } }}
          />
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
