import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

interface SearchFieldProps {
  /** The applied search (from the URL). */
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Accessible name; default 'Search'. */
  label?: string;
  debounceMs?: number;
}

/** A search box that applies what is typed after a short pause, so each keystroke is not a request. */
export function SearchField({ value, onChange, placeholder, label = 'Search', debounceMs = 350 }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward or a link may change the applied value under us.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), debounceMs);
  };

  return (
    <TextField
      size="small"
      value={text}
      onChange={(event) => change(event.target.value)}
      placeholder={placeholder}
      sx={{ minWidth: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label="Clear search"
                onClick={() => {
                  clearTimeout(timer.current);
                  setText('');
                  onChange('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
