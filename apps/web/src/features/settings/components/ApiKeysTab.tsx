import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/Key';
import {
  Box,
  Button,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { API_KEY_MESSAGES, type ApiKey } from '@wms/contract/api-keys';
import type { User } from '@wms/contract/entities';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { apiKeysQuery, useRevokeApiKey } from '../api';
import { ApiKeySecretDialog } from './ApiKeySecretDialog';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

const STATUS_COLOR = { active: 'success', expired: 'default', revoked: 'error' } as const;

/** /setting?tab=api-keys: the caller's API keys (every key for administrators); create, copy once, revoke. */
export function ApiKeysTab({ user }: { user: User }) {
  const keys = useQuery(apiKeysQuery());
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ secret: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const canCreate = hasPermission(user, 'create api keys');
  const canRevoke = hasPermission(user, 'delete api keys');

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notifySuccess(API_KEY_MESSAGES.revoked);
    } finally {
      setRevoking(null);
    }
  };

  const createButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create API key
    </Button>
  );

  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h6" component="h2">
            API keys
          </Typography>
          <Typography variant="body2" color="text.secondary">
            For your integrations: a key acts as you, limited to its permissions and account. Send it as a bearer token.
          </Typography>
        </Box>
        {keys.data && keys.data.length > 0 && <Box sx={{ flexShrink: 0 }}>{createButton}</Box>}
      </Stack>
      {keys.isPending ? (
        <LoadingState label="Loading API keys…" />
      ) : keys.isError ? (
        <ErrorState message="Failed to load API keys" onRetry={() => keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={<KeyIcon />} title="No API keys yet" action={createButton || undefined} />
      ) : (
        <TableContainer
          sx={{ overflowX: 'auto', maxWidth: '100%' }}
          tabIndex={0}
          role="region"
          aria-label="API keys table"
        >
          <Table aria-label="API keys" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Account</TableCell>
                <TableCell>Permissions</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.data.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>
                    {key.name}
                    {key.user_id !== user.id && (
                      <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                        by {key.user_name}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{key.token_prefix}…</TableCell>
                  <TableCell>{key.account_name ?? 'All accounts'}</TableCell>
                  <TableCell>
                    <Tooltip title={key.permissions.join(', ')}>
                      <span>
                        {key.permissions.length} permission{key.permissions.length === 1 ? '' : 's'}
                      </span>
                    </Tooltip>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {key.expires_at ? formatDateTime(key.expires_at) : 'Never'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {key.last_used_at ? `${formatDateTime(key.last_used_at)} · ${key.last_used_ip ?? ''}` : 'Never'}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={key.status} color={STATUS_COLOR[key.status]} />
                  </TableCell>
                  <TableCell align="right">
                    {canRevoke && key.status === 'active' && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRevoking(key)}
                        aria-label={`Revoke ${key.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CreateApiKeyDialog
        user={user}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(secret, name) => {
          setCreating(false);
          setCreated({ secret, name });
        }}
      />
      <ApiKeySecretDialog
        secret={created?.secret ?? null}
        name={created?.name ?? ''}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        text={`Revoke ${revoking?.name ?? 'this key'}? Integrations using it stop working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </CardContent>
  );
}
