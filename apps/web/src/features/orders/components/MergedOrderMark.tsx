import LinkIcon from '@mui/icons-material/Link';
import { Tooltip } from '@mui/material';

/** Spec 2 §2: a merged order shows a link icon with this tooltip, and cannot be selected. */
export function MergedOrderMark() {
  return (
    <Tooltip title="This order is already merged">
      <LinkIcon color="action" fontSize="small" aria-label="This order is already merged" tabIndex={0} role="img" />
    </Tooltip>
  );
}
