import {
  Alert,
  CardContent,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_KIND_INFO, type NotificationPreference } from '@wms/contract/notifications';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { notifySuccess } from '../../../lib/notify';
import { notificationPreferencesQuery, useSaveNotificationPreferences } from '../api';

type Channel = 'in_app' | 'email';

/**
 * Per kind of notification, whether it shows in the bell and whether it is e-mailed (e-mail is opt-in;
 * "An order is shipped" is off until a client switches it on). Each switch saves at once.
 */
export function NotificationsTab() {
  const preferences = useQuery(notificationPreferencesQuery());
  const save = useSaveNotificationPreferences();
  if (preferences.isPending) return <LoadingState label="Loading notification settings…" />;
  if (preferences.isError)
    return <ErrorState message="Notification settings could not be loaded." onRetry={() => preferences.refetch()} />;
  const { data, email_enabled: emailEnabled } = preferences.data;

  const toggle = (preference: NotificationPreference, channel: Channel, value: boolean) =>
    save.mutate([{ ...preference, [channel]: value }], {
      onSuccess: (saved) => notifySuccess(saved.message),
    });

  return (
    <CardContent>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Choose what you are told about, in the app (the bell at the top) and by e-mail.
      </Typography>
      {!emailEnabled && (
        <Alert severity="info" sx={{ mb: 2 }}>
          E-mail is not set up on this installation: notifications show in the app only.
        </Alert>
      )}
      <Table size="small" aria-label="Notification settings">
        <TableHead>
          <TableRow>
            <TableCell>Tell me when</TableCell>
            <TableCell align="center">In the app</TableCell>
            <TableCell align="center">By e-mail</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((preference) => {
            const label = NOTIFICATION_KIND_INFO[preference.kind].label;
            return (
              <TableRow key={preference.kind}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={preference.in_app}
                    disabled={save.isPending}
                    onChange={(_event, value) => toggle(preference, 'in_app', value)}
                    slotProps={{ input: { 'aria-label': `${label}: in the app` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={preference.email}
                    disabled={save.isPending || !emailEnabled}
                    onChange={(_event, value) => toggle(preference, 'email', value)}
                    slotProps={{ input: { 'aria-label': `${label}: by e-mail` } }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </CardContent>
  );
}
