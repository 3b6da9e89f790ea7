import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_LOGO_MAX_BYTES, ACCOUNT_LOGO_MIME_TYPES } from '@wms/contract/account-logo';
import { useRef, useState } from 'react';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifySuccess } from '../../../lib/notify';
import { accountLogoQuery, useRemoveLogo, useUploadLogo } from '../api';

/** The server judges the real type by the file's bytes; this only spares a pointless upload. */
const LOGO_TYPES: readonly string[] = ACCOUNT_LOGO_MIME_TYPES;

/** The account's logo, printed at the top of its packing slips: PNG or JPEG up to 1 MB. */
export function AccountLogoCard({ accountId, hasLogo }: { accountId: number; hasLogo: boolean }) {
  const upload = useUploadLogo();
  // Asked only when the account says it has one: no 404 to swallow.
  const logo = useQuery({ ...accountLogoQuery(accountId), enabled: hasLogo });
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    if (!LOGO_TYPES.includes(file.type)) return setProblem('The logo must be a PNG or JPEG image.');
    if (file.size > ACCOUNT_LOGO_MAX_BYTES) return setProblem('The logo must be 1 MB or smaller.');
    upload.mutate(
      { id: accountId, file },
      {
        onSuccess: (answer) => notifySuccess(answer.message ?? 'Logo saved.'),
        onError: (error) => setProblem(failureMessage(error, 'The logo could not be saved.')),
      },
    );
  };

  return (
    <Card component="section" aria-label="Logo" sx={{ maxWidth: 880, mt: 2 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          Logo
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Printed at the top of this account's packing slips. PNG or JPEG, up to 1 MB.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            sx={{
              width: 200,
              height: 100,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'background.default',
            }}
          >
            {hasLogo && logo.data ? (
              <Box component="img" src={logo.data} alt="Account logo" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
            ) : (
              <ImageOutlinedIcon color="disabled" aria-label={logo.isPending ? 'Loading logo' : 'No logo'} />
            )}
          </Box>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
              {upload.isPending ? 'Uploading…' : hasLogo ? 'Replace logo' : 'Upload logo'}
            </Button>
            {hasLogo && (
              <Button
                color="inherit"
                disabled={busy}
                onClick={() =>
                  remove.mutate(accountId, {
                    onError: (error) => setProblem(failureMessage(error, 'The logo could not be removed.')),
                  })
                }
              >
                Remove logo
              </Button>
            )}
          </Stack>
          <input
            ref={input}
            type="file"
            hidden
            accept={LOGO_TYPES.join(',')}
            aria-label="Logo image"
            onChange={(event) => pick(event.target.files?.[0])}
          />
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
