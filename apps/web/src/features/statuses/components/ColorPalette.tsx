import CheckIcon from '@mui/icons-material/Check';
import { Box, ButtonBase, FormHelperText, FormLabel, Stack, Tooltip } from '@mui/material';
import { STATUS_COLORS } from '@wms/contract/order-lifecycle';
import { readableTextColor } from '../../../lib/readable-text-color';

interface ColorPaletteProps {
  value: string;
  onChange: (hex: string) => void;
  error?: string;
}

/** Spec 2 §3: the 16-colour palette, as a radio group of swatches. */
export function ColorPalette({ value, onChange, error }: ColorPaletteProps) {
  const current = value.toUpperCase();
  return (
    <Box>
      <FormLabel id="status-color-label">Color</FormLabel>
      <Stack
        direction="row"
        role="radiogroup"
        aria-labelledby="status-color-label"
        sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}
      >
        {STATUS_COLORS.map(({ name, hex }) => {
          const selected = current === hex;
          return (
            <Tooltip key={hex} title={`${name} ${hex}`}>
              <ButtonBase
                role="radio"
                aria-checked={selected}
                aria-label={name}
                onClick={() => onChange(hex)}
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  bgcolor: hex,
                  color: readableTextColor(hex),
                  outline: selected ? '3px solid' : 'none',
                  outlineColor: 'text.primary',
                  outlineOffset: 2,
                }}
              >
                {selected && <CheckIcon fontSize="small" />}
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
