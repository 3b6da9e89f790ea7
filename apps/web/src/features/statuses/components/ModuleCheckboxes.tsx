import { Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';

interface ModuleCheckboxesProps {
  /** key → label (GET /statuses/modules). */
  modules: Record<string, string>;
  value: string[];
  onChange: (modules: string[]) => void;
  /** Modules that cannot be removed (the order rules' own statuses stay in Orders). */
  locked?: readonly string[];
  label?: string;
  error?: string;
}

/** The modules a status is assigned to: one checkbox per module, in the server's order. */
export function ModuleCheckboxes({
  modules,
  value,
  onChange,
  locked = [],
  label = 'Modules',
  error,
}: ModuleCheckboxesProps) {
  const toggle = (key: string, checked: boolean) =>
    onChange(checked ? [...value.filter((k) => k !== key), key] : value.filter((k) => k !== key));
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {Object.entries(modules).map(([key, name]) => (
          <FormControlLabel
            key={key}
            label={name}
            control={
              <Checkbox
                checked={value.includes(key)}
                disabled={locked.includes(key)}
                onChange={(event) => toggle(key, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </fieldset>
  );
}
