import PublicIcon from '@mui/icons-material/Public';
import { Chip } from '@mui/material';

/**
 * Says that a page ignores the header's working context (docs/platform.md "Working context"), e.g. 'All warehouses' on
 * the users list, so data that the header would hide does not seem to appear from nowhere.
 */
export function ScopeChip({ label }: { label: string }) {
  return (
    <Chip
      icon={<PublicIcon />}
      label={label}
      size="small"
      variant="outlined"
      sx={{ color: 'text.primary', fontWeight: 500 }}
      data-testid="scope-chip"
    />
  );
}
