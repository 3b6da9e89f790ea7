import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A code read as one word — a location code, lot, SKU or date: it never breaks inside itself
 * ("A-03-/02-A", "2026-12-/16" on a phone), only between tokens. `data-token` lets the phone specs check that
 * each one is laid out on a single line.
 */
export function Token({
  children,
  mono = false,
  sx,
}: {
  children: ReactNode;
  /** Monospace, as location codes and lots are shown in tables. */
  mono?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="span"
      data-token=""
      sx={[{ whiteSpace: 'nowrap' }, mono && { fontFamily: 'monospace' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
