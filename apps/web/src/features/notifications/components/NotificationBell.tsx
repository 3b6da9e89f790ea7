import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@wms/contract/notifications';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { recentNotificationsQuery, unreadCountQuery, useMarkAllRead, useMarkRead } from '../api';

/** The badge shows "99+" past this. */
const BADGE_MAX = 99;

/**
 * The bell in the top bar. The badge polls the unread count; the panel lists the newest notifications,
 * opening one marks it read and goes to what it is about, and "Mark all read" empties the badge.
 */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const unread = useQuery(unreadCountQuery()).data ?? 0;
  const recent = useQuery({ ...recentNotificationsQuery(), enabled: Boolean(anchor) });
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const close = () => setAnchor(null);
  // The button disables itself once pressed (nothing left unread): focus it holds would fall out of the panel to the
  // page, where Escape no longer closes the panel. The panel's title takes it first.
  const markAll = () => {
    title.current?.focus();
    markAllRead.mutate();
  };

  const open = (notification: Notification) => {
    if (!notification.read_at) markRead.mutate(notification.id);
    close();
    if (notification.link) navigate(notification.link);
  };

  // The name holds the badge's visible text as shown ("99+" past 99), so speech users can say what they see
  // (axe label-content-name-mismatch).
  const label =
    unread === 0 ? 'Notifications' : `Notifications, ${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} unread`;
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* No badge at 0: MUI keeps a hidden "0" (or the last count) in it, text the name would not contain. */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={BADGE_MAX}>
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 'min(380px, calc(100vw - 16px))', maxHeight: '70vh', mt: 1 },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography
            id={titleId}
            ref={title}
            tabIndex={-1}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, '&:focus': { outline: 'none' } }}
          >
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0 || markAllRead.isPending} onClick={markAll}>
            Mark all read
          </Button>
        </Stack>
        <Divider />
        {recent.isPending ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Loading…
          </Typography>
        ) : recent.isError ? (
          <Typography sx={{ p: 2 }} color="error">
            Notifications could not be loaded.
          </Typography>
        ) : recent.data.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No notifications yet.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Recent notifications">
            {recent.data.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onOpen={open} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}

function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const unread = !notification.read_at;
  return (
    <ListItem disablePadding>
      <ListItemButton
        onClick={() => onOpen(notification)}
        sx={{ alignItems: 'flex-start', gap: 1, bgcolor: unread ? 'action.hover' : undefined }}
      >
        <Box
          aria-hidden
          sx={{
            mt: 1,
            width: 8,
            height: 8,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: unread ? 'primary.main' : 'transparent',
          }}
        />
        <ListItemText
          primary={
            <>
              {notification.title}
              {unread && (
                <Box component="span" sx={visuallyHidden}>
                  , unread
                </Box>
              )}
            </>
          }
          secondary={
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {notification.text}
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {formatDateTime(notification.created_at)}
              </Box>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: unread ? 600 : 400 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
