import { Avatar, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { ROLE_LABELS } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';

export function ProfileCard({ user }: { user: User }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          My Profile
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <Avatar
            src={user.avatar || undefined}
            alt={user.name}
            sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 24 }}
          >
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography variant="h6" noWrap>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
            <Chip label={ROLE_LABELS[user.role]} color="primary" size="small" sx={{ alignSelf: 'flex-start' }} />
            <Typography variant="caption" color="text.secondary">
              {user.permissions.length} permissions
            </Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
