import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';

interface ScanCameraDialogProps {
  title: string;
  onDetected: (code: string) => void;
  onClose: () => void;
}

/** How often a video frame is read: fast enough to feel instant, light enough for a low-end phone. */
const FRAME_INTERVAL_MS = 200;

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

function cameraFailure(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The camera is not allowed for this site. Allow it in the browser settings, or type the code.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  return 'The camera could not be started. Type the code instead.';
}

/**
 * The phone-camera scanner behind ScanField (a lazy chunk, with the reader it imports): the back camera's video,
 * read a few times a second until a code appears; the first code closes the dialog and goes to the field as if
 * typed. The camera is released whenever the dialog closes.
 */
export default function ScanCameraDialog({ title, onDetected, onClose }: ScanCameraDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const detectedRef = useRef(onDetected);
  detectedRef.current = onDetected;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      try {
        const [{ createFrameDetector }, media] = await Promise.all([
          import('../lib/scanning/barcode-detector'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play();
        const detector = await createFrameDetector();
        setState({ kind: 'scanning' });
        const readFrame = async () => {
          if (stopped || !video.current) return;
          const code = video.current.readyState >= 2 ? await detector.detect(video.current).catch(() => null) : null;
          if (stopped) return;
          if (code) {
            stop();
            detectedRef.current(code);
            return;
          }
          timer = setTimeout(readFrame, FRAME_INTERVAL_MS);
        };
        void readFrame();
      } catch (error) {
        if (!stopped) setState({ kind: 'failed', message: cameraFailure(error) });
        stop();
      }
    })();
    return stop;
  }, []);

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="scan-camera-title">
      <DialogTitle id="scan-camera-title">{title}</DialogTitle>
      <DialogContent>
        {state.kind === 'failed' ? (
          <Alert severity="error">{state.message}</Alert>
        ) : (
          <>
            <Box
              sx={{
                position: 'relative',
                bgcolor: 'common.black',
                borderRadius: 1,
                overflow: 'hidden',
                aspectRatio: '4 / 3',
              }}
            >
              <Box
                component="video"
                ref={video}
                muted
                playsInline
                aria-label="Camera preview"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {/* The aiming frame: where to hold the code. */}
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  inset: '30% 10%',
                  border: 3,
                  borderColor: 'common.white',
                  borderRadius: 1,
                  boxShadow: '0 0 0 2000px rgba(0,0,0,0.35)',
                }}
              />
              {state.kind === 'starting' && (
                <CircularProgress
                  aria-label="Starting the camera"
                  sx={{ position: 'absolute', top: '50%', left: '50%', mt: -2.5, ml: -2.5, color: 'common.white' }}
                />
              )}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} role="status">
              {state.kind === 'scanning' ? 'Hold the barcode inside the frame.' : 'Starting the camera…'}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large">
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
