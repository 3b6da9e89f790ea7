import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { ColorChip } from '../../../components/ColorChip';

interface StatusPreviewProps {
  name: string;
  description: string;
  color: string;
  isActive: boolean;
  modules: string[];
}

/** Spec 2 §2: the edit page's live preview — the chip as lists will show it, updated while typing. */
export function StatusPreview({ name, description, color, isActive, modules }: StatusPreviewProps) {
  return (
    <Card variant="outlined" aria-label="Preview" role="region">
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          Preview
        </Typography>
        <Stack spacing={1} sx={{ mt: 0.5 }}>
          <Box>
            <ColorChip label={name.trim() || 'Status name'} color={color} size="medium" />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {description.trim() || 'No description'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {isActive ? 'Active' : 'Inactive'} · {modules.length > 0 ? modules.join(', ') : 'No modules'}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
