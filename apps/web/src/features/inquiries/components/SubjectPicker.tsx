import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { INQUIRY_MESSAGES, INQUIRY_SUBJECT_OF, type InquiryType } from '@wms/contract/inquiries';
import { useEffect, useState } from 'react';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { type SubjectOption, subjectOptionsQuery } from '../api';

const SUBJECT_LABELS = { order: 'Order', product: 'Product', account: 'Account' } as const;

interface SubjectPickerProps {
  type: InquiryType;
  value: SubjectOption | null;
  onChange: (value: SubjectOption | null) => void;
  error?: string;
}

/** What the inquiry is about: options within the caller's scope, searched 300 ms after typing stops. */
export function SubjectPicker({ type, value, onChange, error }: SubjectPickerProps) {
  const context = useWorkingContext();
  const [text, setText] = useState(value?.label ?? '');
  // A value set from outside (an order prefilled from its detail page) shows its label.
  useEffect(() => {
    if (value) setText(value.label);
  }, [value]);
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const subject = INQUIRY_SUBJECT_OF[type];
  const options = useQuery({
    ...subjectOptionsQuery(context, type, search),
    enabled: subject !== null && context.ready,
  });
  useFailureNotice(options.error, INQUIRY_MESSAGES.optionsFailed);
  if (!subject) return null;
  const choices: SubjectOption[] = (options.data as SubjectOption[] | undefined) ?? [];
  return (
    <Autocomplete
      options={choices}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={options.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          label={SUBJECT_LABELS[subject]}
          helperText={error ?? `Search your ${SUBJECT_LABELS[subject].toLowerCase()}s`}
          error={Boolean(error)}
        />
      )}
    />
  );
}
