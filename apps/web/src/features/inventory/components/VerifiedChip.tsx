import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { Chip } from '@mui/material';

export function VerifiedChip({ verified }: { verified: boolean }) {
  return verified ? (
    <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutlineIcon />} label="Verified" />
  ) : (
    <Chip size="small" variant="outlined" icon={<HelpOutlineIcon />} label="Unverified" />
  );
}
