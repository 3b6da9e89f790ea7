import type { LoginInput } from '@wms/contract/validation';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

type Field = keyof LoginInput;
export type SignInErrors = Partial<Record<Field | 'root', string>>;

// The shared schema (and zod with it, ~22 KB brotli) is fetched on the first keystroke or at submit, not with
// the page; the form keeps its own two fields' state instead of react-hook-form (~12 KB). Together they keep
// /login's first load within its budget (README, e2e/tests/first-load-budget.spec.ts).
let schema: Promise<typeof import('@wms/contract/validation')['loginSchema']> | undefined;
const loadSchema = () => {
  schema ??= import('@wms/contract/validation').then((m) => m.loginSchema);
  return schema;
};

async function validate(values: LoginInput): Promise<SignInErrors> {
  const result = (await loadSchema()).safeParse(values);
  const errors: SignInErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The sign-in form: validates with the contract's loginSchema on submit, then on every change (errors appearing
 * on blur would shift the layout under the cursor); focuses the first invalid field; `submit` gets valid input
 * and reports server errors through `setError` (the shape applyServerErrors expects).
 */
export function useSignInForm(submit: (input: LoginInput, setError: SetSignInError) => Promise<void>) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const setError: SetSignInError = (name, { message }) =>
    setErrors((previous) => ({ ...previous, [name === 'root.server' ? 'root' : name]: message }));

  const field = (name: Field) => ({
    id: name,
    name,
    value: values[name],
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      void loadSchema();
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) void validate(next).then(setErrors);
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = await validate(values);
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await submit(values, setError);
    } finally {
      setSubmitting(false);
    }
  };

  return { field, errors, submitting, onSubmit };
}

export type SetSignInError = (name: Field | 'root.server', error: { type: string; message: string }) => void;
