import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CardContent, Divider, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { DEFAULT_AVATAR, GENDERS, type User } from '@wms/contract/entities';
import { PROFILE_MESSAGES, type ProfileInput, profileSchema } from '@wms/contract/profile';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { statusLabel } from '../../../components/StatusChip';
import { applyServerErrors, isValidationError } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api';
import { AvatarPicker } from './AvatarPicker';

const FIELDS = ['name', 'occupation', 'phone', 'address', 'gender', 'avatar'] as const;

const formValues = (user: User): z.input<typeof profileSchema> => ({
  name: user.name,
  occupation: user.occupation ?? '',
  phone: user.phone ?? '',
  address: user.address ?? '',
  gender: user.gender ?? '',
  avatar: user.avatar || DEFAULT_AVATAR,
});

export function PersonalInfoTab({ user }: { user: User }) {
  const form = useForm<z.input<typeof profileSchema>, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(user),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const rootError = form.formState.errors.root?.server?.message;
  const update = useUpdateProfile();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await update.mutateAsync({ ...input, id: user.id });
      form.reset(formValues(saved.user));
      notifySuccess(PROFILE_MESSAGES.updated);
    } catch (error) {
      if (isValidationError(error)) notifyError(PROFILE_MESSAGES.updateFailed);
      applyServerErrors(error, FIELDS, form.setError, PROFILE_MESSAGES.updateFailed);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={3}>
          {rootError && <Alert severity="error">{rootError}</Alert>}
          <Controller
            control={form.control}
            name="avatar"
            render={({ field, fieldState }) => (
              <Box>
                <AvatarPicker value={field.value ?? ''} name={user.name} onChange={field.onChange} />
                {fieldState.error && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {fieldState.error.message}
                  </Alert>
                )}
              </Box>
            )}
          />
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...textFieldProps(form, 'name')} label="Name" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                label="Email"
                value={user.email}
                fullWidth
                disabled
                helperText="Ask an administrator to change it"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...textFieldProps(form, 'occupation')} label="Occupation" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...textFieldProps(form, 'phone')} label="Phone" type="tel" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="gender"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    value={field.value ?? ''}
                    id="gender"
                    select
                    label="Gender"
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    <MenuItem value="">
                      <em>Not specified</em>
                    </MenuItem>
                    {GENDERS.map((gender) => (
                      <MenuItem key={gender} value={gender}>
                        {statusLabel(gender)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <TextField {...textFieldProps(form, 'address')} label="Address" fullWidth multiline minRows={2} />
            </Grid>
          </Grid>
        </Stack>
      </CardContent>
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, py: 2 }}>
        <Button
          color="inherit"
          disabled={!form.formState.isDirty || form.formState.isSubmitting}
          onClick={() => form.reset(formValues(user))}
        >
          Discard Changes
        </Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save Changes'}
        </Button>
      </Box>
    </Box>
  );
}
