import LinkIcon from '@mui/icons-material/Link';
import { Box, Tooltip } from '@mui/material';

/** Spec 2 §2: a merged order shows a link icon with this tooltip, and cannot be selected. */
export function MergedOrderMark() {
  return (
    <Tooltip title="This order is already merged">
      {/* Focusable so keyboard users get the tooltip too; the icon itself is decorative. */}
      <Box
        component="span"
        role="img"
        aria-label="This order is already merged"
        tabIndex={0}
        sx={{ display: 'inline-flex', color: 'action.active', borderRadius: 1 }}
      >
        <LinkIcon fontSize="small" />
      </Box>
    </Tooltip>
  );
}
