import LockIcon from '@mui/icons-material/Lock';
import {
  Alert,
  Box,
  Card,
  Checkbox,
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
import { ACTIONS } from '@wms/contract/access';
import { allows } from '@wms/contract/policy';
import { Fragment, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { ALL_SCOPE, useContextQuery } from '../../../lib/context/use-context-query';
import { notifySuccess } from '../../../lib/notify';
import { userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { type RolePermissionsChange, rolesQuery, useSaveRolePermissions } from '../api';
import { canEditRole, GOVERNED_BY, matrixRows, togglePermission } from '../components/permission-matrix';

const ACTION_LABELS = { view: 'View', create: 'Create', edit: 'Edit', delete: 'Delete' } as const;

/** The resource names stay in view while the role columns scroll sideways (phone width). */
const STICKY_FIRST_COLUMN = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderColor: 'divider',
} as const;

export function RolesPage() {
  const { user: me } = useSession();
  const roles = useContextQuery(() => rolesQuery(), ALL_SCOPE);
  const rows = useMemo(() => matrixRows(roles.data?.permissions ?? []), [roles.data?.permissions]);
  const isSuperAdmin = userAllows(me, 'editRolePermissions');

  const save = useSaveRolePermissions({ onSuccess: (answer) => notifySuccess(answer.message) });
  // The change being saved, shown by its box from the click itself (a click's state is rendered before the event
  // ends); the cached roles take it a moment later (onMutate), and the server's answer after that.
  const [saving, setSaving] = useState<RolePermissionsChange | null>(null);
  const saveChange = (next: RolePermissionsChange) => {
    setSaving(next);
    save.mutate(next, { onSettled: () => setSaving(null) });
  };

  return (
    <>
      <PageHeader
        title="Roles"
        scope="All warehouses"
        subtitle="What each role may see and do. Changes apply from the user's next request."
      />
      {!isSuperAdmin && roles.data && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only a super-admin can change role permissions.
        </Alert>
      )}
      {roles.isPending && <LoadingState label="Loading roles…" />}
      {roles.isError && <ErrorState message="Failed to load roles" onRetry={() => void roles.refetch()} />}
      {roles.data && (
        <Card>
          <TableContainer tabIndex={0} role="region" aria-label="Role permissions table" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Role permissions">
              <TableHead>
                <TableRow>
                  <TableCell rowSpan={2} sx={{ ...STICKY_FIRST_COLUMN, fontWeight: 600, minWidth: 140 }}>
                    Resource
                  </TableCell>
                  {roles.data.data.map((role) => (
                    <TableCell
                      key={role.id}
                      colSpan={ACTIONS.length}
                      align="center"
                      sx={{ borderRight: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
                    >
                      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'center' }}>
                        <Typography variant="subtitle2">{role.label}</Typography>
                        {allows(role.name, 'holdEveryPermission') && (
                          <Tooltip title="The super-admin role always holds every permission">
                            <LockIcon fontSize="inherit" color="action" aria-label="Locked" />
                          </Tooltip>
                        )}
                      </Stack>
                      <Typography variant="caption" color="text.secondary">
                        {role.users_count} {role.users_count === 1 ? 'user' : 'users'}
                      </Typography>
                    </TableCell>
                  ))}
                </TableRow>
                <TableRow>
                  {roles.data.data.map((role) => (
                    <Fragment key={role.id}>
                      {ACTIONS.map((action, index) => (
                        <TableCell
                          key={action}
                          align="center"
                          sx={{
                            color: 'text.secondary',
                            fontSize: 12,
                            px: 0.5,
                            ...(index === ACTIONS.length - 1 && { borderRight: 1, borderColor: 'divider' }),
                          }}
                        >
                          {ACTION_LABELS[action]}
                        </TableCell>
                      ))}
                    </Fragment>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.resource} hover>
                    <TableCell component="th" scope="row" sx={{ ...STICKY_FIRST_COLUMN, fontWeight: 500 }}>
                      {row.label}
                    </TableCell>
                    {roles.data.data.map((role) => (
                      <Fragment key={role.id}>
                        {ACTIONS.map((action, index) => {
                          const permission = row.cells[action];
                          const last = index === ACTIONS.length - 1;
                          const sx = { px: 0.5, ...(last && { borderRight: 1, borderColor: 'divider' }) };
                          if (!permission) return <TableCell key={action} sx={sx} />;
                          const governedBy = GOVERNED_BY[permission];
                          if (governedBy) {
                            return (
                              <TableCell key={action} align="center" sx={sx}>
                                <Tooltip title={`Governed by “${governedBy}”`}>
                                  <Typography
                                    variant="caption"
                                    color="text.secondary"
                                    aria-label={`${role.label}: ${permission} is governed by ${governedBy}`}
                                  >
                                    —
                                  </Typography>
                                </Tooltip>
                              </TableCell>
                            );
                          }
                          const editable = canEditRole(me?.role, role.name);
                          return (
                            <TableCell key={action} align="center" sx={sx}>
                              <Checkbox
                                size="small"
                                checked={(saving?.roleId === role.id ? saving.permissions : role.permissions).includes(
                                  permission,
                                )}
                                disabled={!editable || save.isPending}
                                onChange={(event) =>
                                  saveChange({
                                    roleId: role.id,
                                    permissions: togglePermission(role.permissions, permission, event.target.checked),
                                  })
                                }
                                slotProps={{ input: { 'aria-label': `${role.label}: ${permission}` } }}
                              />
                            </TableCell>
                          );
                        })}
                      </Fragment>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
            <Typography variant="caption">
              {isSuperAdmin
                ? 'Each change is saved at once. The super-admin role is locked and always holds every permission.'
                : 'Read-only view.'}
            </Typography>
          </Box>
        </Card>
      )}
    </>
  );
}
