import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@wms/contract/access';
import { API_KEY_GRANTABLE_PERMISSIONS, API_KEY_MESSAGES, apiKeyCreateSchema } from '@wms/contract/api-keys';
import type { User } from '@wms/contract/entities';
import { allows } from '@wms/contract/policy';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { keyAccountsQuery, useCreateApiKey } from '../api';

/** The form's own shape: the account as the select's text value, the expiry as a date (end of that day, local). */
const formSchema = z.object({
  name: apiKeyCreateSchema.shape.name,
  current_password: apiKeyCreateSchema.shape.current_password,
  permissions: z.array(z.string()).min(1, API_KEY_MESSAGES.permissionsRequired),
  account_id: z.string(),
  expires_at: z.string(),
});
type FormInput = z.infer<typeof formSchema>;
const FIELDS = ['name', 'permissions', 'account_id', 'expires_at', 'current_password'] as const;

/** "YYYY-MM-DD" → the end of that day in the browser's time zone, as ISO. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();

interface Props {
  user: User;
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string, name: string) => void;
}

/**
 * Create a key: name, the permissions it carries (a subset of the user's own), its account, an optional expiry, and
 * the user's current password.
 */
export function CreateApiKeyDialog({ user, open, onClose, onCreated }: Props) {
  const needsAccount = allows(user.role, 'workInSelectedAccount');
  const accounts = useQuery({ ...keyAccountsQuery(), enabled: open });
  const grantable = API_KEY_GRANTABLE_PERMISSIONS.filter((p) => user.permissions.includes(p));
  const form = useForm<FormInput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', permissions: [], account_id: '', expires_at: '', current_password: '' },
  });
  const create = useCreateApiKey();
  const rootError = form.formState.errors.root?.server?.message;
  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (input) => {
    if (needsAccount && !input.account_id) {
      form.setError('account_id', { message: API_KEY_MESSAGES.accountRequired });
      return;
    }
    try {
      const answer = await create.mutateAsync({
        name: input.name,
        permissions: input.permissions as Permission[],
        account_id: input.account_id ? Number(input.account_id) : null,
        expires_at: input.expires_at ? endOfDay(input.expires_at) : null,
        current_password: input.current_password,
      });
      form.reset();
      onCreated(answer.secret, answer.data.name);
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, API_KEY_MESSAGES.createFailed);
    }
  });

  return (
    <Dialog open={open} onClose={form.formState.isSubmitting ? undefined : close} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>Create API key</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {rootError && <Alert severity="error">{rootError}</Alert>}
          <TextField {...textFieldProps(form, 'name')} label="Name" required placeholder="e.g. Web shop" />
          <Controller
            control={form.control}
            name="account_id"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Account"
                required={needsAccount}
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ??
                  (needsAccount ? 'The key reads and writes this account only.' : 'Leave empty for your whole scope.')
                }
                slotProps={{ select: { inputProps: { id: 'account_id' } }, inputLabel: { htmlFor: 'account_id' } }}
              >
                {!needsAccount && <MenuItem value="">All accounts you can reach</MenuItem>}
                {(accounts.data ?? []).map((account) => (
                  <MenuItem key={account.id} value={String(account.id)}>
                    {account.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                <FormLabel component="legend">Permissions</FormLabel>
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {grantable.map((permission) => (
                    <FormControlLabel
                      key={permission}
                      label={permission}
                      control={
                        <Checkbox
                          checked={field.value.includes(permission)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, permission]
                                : field.value.filter((p) => p !== permission),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </Box>
                <FormHelperText>
                  {fieldState.error?.message ?? 'Only permissions you hold; the key never manages keys.'}
                </FormHelperText>
              </FormControl>
            )}
          />
          <TextField
            {...textFieldProps(form, 'expires_at')}
            label="Expires on"
            type="date"
            helperText={form.formState.errors.expires_at?.message ?? 'Optional: the key stops working after this day.'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {/* A signed-in session alone must not mint a credential that outlives it. */}
          <TextField
            {...textFieldProps(form, 'current_password')}
            label="Current password"
            type="password"
            required
            autoComplete="current-password"
            helperText={form.formState.errors.current_password?.message ?? 'Your own password, to confirm it is you.'}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Creating…' : 'Create key'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
