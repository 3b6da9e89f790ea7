import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type DragEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { checkFile, type FileRules, formatBytes } from '../lib/files/file-checks';

export interface FileDropProps {
  /** Extensions, byte cap and the rejection texts. */
  rules: FileRules;
  /** The chosen file, owned by the caller (null: nothing chosen). */
  file: File | null;
  /** A file that passed the checks, or null when the choice is cleared. */
  onFileChange: (file: File | null) => void;
  /** A rejected file's message (the caller shows it, usually as an error under the zone). */
  onReject: (message: string) => void;
  /** Accessible name of the zone and its hidden input. */
  label?: string;
  /** Helper line under the prompt, e.g. 'Excel, CSV or Numbers, up to 10 MB'. */
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}

const DROP_PROMPT = 'Drop a file here or click to browse';

/**
 * A click-or-drop zone for one file. It checks the name and size against `rules` before handing the file over,
 * and shows the chosen file with a remove button. The browser's picker is limited to the same extensions.
 */
export function FileDrop(props: FileDropProps) {
  const { rules, file, onFileChange, onReject, label = 'Choose a file', hint, error, disabled = false } = props;
  // The zone's name starts with its label and contains the text it shows (axe label-content-name-mismatch): a
  // speech-input user says what they see.
  const zoneName = [`${label}:`, DROP_PROMPT, hint].filter(Boolean).join(' ');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    const problem = checkFile(candidate, rules);
    if (problem) onReject(problem);
    else onFileChange(candidate);
  };

  const open = () => {
    if (!disabled) inputRef.current?.click();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  return (
    <Box>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        hidden
        aria-label={label}
        accept={rules.extensions.join(',')}
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files?.[0]);
          // Choosing the same file again must fire change again.
          event.target.value = '';
        }}
      />
      {file ? (
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <InsertDriveFileOutlinedIcon color="primary" />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid="chosen-file">
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatBytes(file.size)}
            </Typography>
          </Box>
          <IconButton aria-label="Remove file" size="small" onClick={() => onFileChange(null)} disabled={disabled}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      ) : (
        <Box
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-label={zoneName}
          aria-disabled={disabled}
          onClick={open}
          onKeyDown={onKeyDown}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={(theme) => ({
            border: '2px dashed',
            borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
            borderRadius: 2,
            bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : 'background.default',
            py: 4,
            px: 2,
            textAlign: 'center',
            cursor: disabled ? 'not-allowed' : 'pointer',
            opacity: disabled ? 0.6 : 1,
            transition: 'border-color 120ms, background-color 120ms',
            '&:hover, &:focus-visible': disabled ? undefined : { borderColor: 'primary.main', outline: 'none' },
          })}
        >
          <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
            <UploadFileIcon color={error ? 'error' : 'primary'} sx={{ fontSize: 40 }} />
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {DROP_PROMPT}
            </Typography>
            {/* A space between the two lines: axe reads the zone's text as one string, and without it "browse" and
                the hint run together, so the name (which has the space) would not contain the shown text. */}
            {hint && ' '}
            {hint && (
              <Typography variant="body2" color="text.secondary">
                {hint}
              </Typography>
            )}
          </Stack>
        </Box>
      )}
      {error && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
