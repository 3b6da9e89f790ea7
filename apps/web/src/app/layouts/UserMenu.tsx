import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useFloorQueueState } from '../../lib/offline/use-floor-queue';
import { logout } from '../../lib/session/logout';
import { useSession } from '../../lib/session/use-session';

/**
 * Spec 1 §2.4: the user menu shows name and email and offers Logout. Signing out with floor actions this device has
 * not sent yet asks first: they stay on the device for this user (nobody else's session sends them) and are sent
 * when they sign in here again.
 */
export function UserMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const queue = useFloorQueueState();
  const unsynced = queue.waiting + queue.attention.length;
  if (!user) return null;

  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Account menu">
        <IconButton
          aria-label="User menu"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <Avatar
            alt={user.name}
            src={user.avatar || undefined}
            sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }}
          >
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            navigate('/setting');
          }}
        >
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          Account Setting
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            if (unsynced > 0) setConfirmLogout(true);
            else logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmLogout}
        title="Sign out with actions not synced?"
        text={`${unsynced} ${unsynced === 1 ? 'action' : 'actions'} made on this device ${unsynced === 1 ? 'has' : 'have'} not reached the server yet. ${unsynced === 1 ? 'It stays' : 'They stay'} on this device for you and ${unsynced === 1 ? 'is' : 'are'} sent when you sign in here again.`}
        confirmLabel="Sign out"
        cancelLabel="Stay signed in"
        onConfirm={() => {
          setConfirmLogout(false);
          logout();
        }}
        onCancel={() => setConfirmLogout(false)}
      />
    </>
  );
}
