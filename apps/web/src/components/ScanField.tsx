import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { alpha, Box, IconButton, InputAdornment, TextField, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

// The camera, its dialog and the barcode reader load only when someone taps the camera button.
const ScanCameraDialog = lazy(() => import('./ScanCameraDialog'));

/** What one scan came to: found and done, not found (or refused), or a problem the user must fix first. */
export type ScanOutcome = { status: 'success' | 'not-found' | 'warning'; message: string };

interface ScanFieldProps {
  /** The field's accessible name and visible label, e.g. "Scan SKU or barcode". */
  label: string;
  placeholder?: string;
  /** Handles one scanned code (trimmed, never blank) and says how it went. */
  onScan: (code: string) => Promise<ScanOutcome>;
  /** Said when Enter is pressed on an empty field. */
  emptyMessage: string;
  maxLength?: number;
  autoFocus?: boolean;
}

const STYLE = {
  success: { color: 'success', Icon: CheckCircleOutlineIcon },
  'not-found': { color: 'error', Icon: ErrorOutlineIcon },
  warning: { color: 'warning', Icon: WarningAmberIcon },
} as const;

/** Does this browser offer a camera to the page at all (https or localhost, a camera API)? */
const cameraAvailable = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * One scan input for every scanning screen (DESIGN §10). A keyboard-wedge scanner types the code and Enter, so
 * does a person; on a phone the camera button reads the code instead. Each scan clears the field, keeps the focus
 * for the next one, and gets a visual verdict (a coloured frame and a message with an icon; no sound) that the
 * live region announces. A scan sent while the previous one is still answering is ignored, never doubled.
 */
export function ScanField({
  label,
  placeholder = 'Scan or type, then Enter',
  onScan,
  emptyMessage,
  maxLength = 255,
  autoFocus = true,
}: ScanFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  // Counts scans so the same message twice in a row is still a new announcement and a new flash.
  const [scanCount, setScanCount] = useState(0);
  const [cameraOpen, setCameraOpen] = useState(false);
  const feedbackId = useId();

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const show = (next: ScanOutcome) => {
    setOutcome(next);
    setScanCount((n) => n + 1);
  };

  const submit = async (raw: string) => {
    const scanned = raw.trim();
    if (!scanned) {
      show({ status: 'warning', message: emptyMessage });
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      show(await onScan(scanned));
    } finally {
      busy.current = false;
      setCode('');
      input.current?.focus();
    }
  };

  const style = outcome ? STYLE[outcome.status] : null;
  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        inputRef={input}
        label={label}
        placeholder={placeholder}
        fullWidth
        value={code}
        color={style?.color}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit(code);
          }
        }}
        slotProps={{
          htmlInput: {
            maxLength,
            autoComplete: 'off',
            autoCapitalize: 'off',
            spellCheck: false,
            enterKeyHint: 'go',
            'aria-describedby': feedbackId,
          },
          input: {
            sx: { minHeight: 56, fontSize: '1.1rem' },
            startAdornment: (
              <InputAdornment position="start">
                <QrCodeScannerIcon />
              </InputAdornment>
            ),
            endAdornment: cameraAvailable() ? (
              <InputAdornment position="end">
                <Tooltip title="Scan with camera">
                  <IconButton
                    aria-label="Scan with camera"
                    edge="end"
                    onClick={() => setCameraOpen(true)}
                    sx={{ width: 48, height: 48 }}
                  >
                    <PhotoCameraOutlinedIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Box id={feedbackId} role="status" aria-live="polite" aria-atomic="true" sx={{ mt: 1, minHeight: 48 }}>
        {outcome && style && (
          <Box
            key={scanCount}
            data-testid="scan-feedback"
            data-status={outcome.status}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              py: 1,
              borderRadius: 1,
              borderLeft: 6,
              borderColor: `${style.color}.main`,
              bgcolor: (theme) => alpha(theme.palette[style.color].main, 0.1),
              // A short flash per scan, so two identical answers in a row still look like two scans.
              '@keyframes scanFlash': { from: { opacity: 0.35 }, to: { opacity: 1 } },
              animation: 'scanFlash 300ms ease-out',
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            <style.Icon sx={{ color: `${style.color}.dark` }} aria-hidden />
            <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 500 }}>
              {outcome.message}
            </Typography>
          </Box>
        )}
      </Box>
      {cameraOpen && (
        <Suspense fallback={null}>
          <ScanCameraDialog
            title={label}
            onClose={() => {
              setCameraOpen(false);
              input.current?.focus();
            }}
            onDetected={(detected) => {
              setCameraOpen(false);
              void submit(detected);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
