import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { DEFAULT_AVATAR } from '@wms/contract/entities';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, UPLOAD_MESSAGES } from '@wms/contract/profile';
import { useRef } from 'react';
import { notifyError } from '../../../lib/notify';
import { useUploadImage } from '../api';

interface AvatarPickerProps {
  /** The avatar URL (the placeholder when blank). */
  value: string;
  name: string;
  onChange: (url: string) => void;
}

/** Checks what the server would refuse anyway, so the user learns it before the upload. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.imageType;
  if (file.size > AVATAR_MAX_BYTES) return UPLOAD_MESSAGES.imageTooLarge;
  return null;
}

/** Preview, upload (POST /api/uploadImage right away) and reset to the placeholder. Saving the form keeps it. */
export function AvatarPicker({ value, name, onChange }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const uploading = upload.isPending;
  const isPlaceholder = !value || value === DEFAULT_AVATAR;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    try {
      onChange(await upload.mutateAsync(file));
    } catch {
      // The api client has shown the reason (the server's 413/415/422 message).
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
      <Box sx={{ position: 'relative' }}>
        <Avatar
          src={isPlaceholder ? DEFAULT_AVATAR : value}
          alt={`Avatar of ${name}`}
          sx={{ width: 88, height: 88, border: 1, borderColor: 'divider' }}
        />
        {uploading && (
          <CircularProgress size={96} sx={{ position: 'absolute', top: -4, left: -4 }} aria-label="Uploading avatar" />
        )}
      </Box>
      <Box>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<PhotoCameraIcon />}
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {uploading ? 'Uploading…' : 'Upload Photo'}
          </Button>
          {!isPlaceholder && (
            <Button size="small" color="inherit" disabled={uploading} onClick={() => onChange(DEFAULT_AVATAR)}>
              Remove
            </Button>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          PNG, JPEG, GIF or WebP, up to 2 MB.
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={AVATAR_MIME_TYPES.join(',')}
          aria-label="Avatar image"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
      </Box>
    </Stack>
  );
}
