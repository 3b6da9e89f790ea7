import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session/use-session';
import { AccountSelector } from './context/AccountSelector';
import { WarehouseSelector } from './context/WarehouseSelector';
import { visibleMenuEntries } from './menu-entries';

interface NavigationMenuProps {
  /** Narrow screens: the header has no room, so the drawer carries the selectors (spec 1 §2.4). */
  showSelectors: boolean;
  onNavigate?: () => void;
}

export function NavigationMenu({ showSelectors, onNavigate }: NavigationMenuProps) {
  const { user } = useSession();
  const entries = visibleMenuEntries(user?.permissions ?? []);
  return (
    <Box component="nav" aria-label="Main menu">
      {showSelectors && (
        <Stack spacing={3} sx={{ px: 2, pt: 2, pb: 3 }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1 }}>
            Working context
          </Typography>
          <WarehouseSelector fullWidth />
          <AccountSelector fullWidth />
        </Stack>
      )}
      <List sx={{ px: 1 }}>
        {/* li > a: a list holds list items only (axe 'list'). */}
        {entries.map((entry) => (
          <ListItem key={entry.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={entry.to}
              // '/waves' is not also active on '/waves/release', which has its own entry.
              end={entries.some((other) => other.to.startsWith(`${entry.to}/`))}
              onClick={onNavigate}
              sx={{
                borderRadius: 1.5,
                mb: 0.25,
                '&.active': {
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  '& .MuiListItemIcon-root': { color: 'primary.contrastText' },
                  '&:hover': { bgcolor: 'primary.dark' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
              <ListItemText
                primary={entry.label}
                slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
