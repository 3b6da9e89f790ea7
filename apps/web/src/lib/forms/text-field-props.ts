import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * Wires a react-hook-form field to an MUI TextField: the ref must reach the <input> (inputRef), not the
 * TextField's root, and the field's error message becomes the helper text.
 */
export function textFieldProps<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  name: Path<T>,
) {
  const { ref, ...registration } = form.register(name);
  const message = (get(form.formState.errors, name) as { message?: unknown } | undefined)?.message;
  return {
    ...registration,
    id: name,
    inputRef: ref,
    error: Boolean(message),
    helperText: typeof message === 'string' ? message : undefined,
  };
}
