import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  INQUIRY_MESSAGES,
  INQUIRY_QUERY_MIN,
  INQUIRY_SUBJECT_OF,
  INQUIRY_SUBTYPES,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  type InquiryType,
} from '@wms/contract/inquiries';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { isValidationError } from '../../../lib/forms/server-errors';
import { notifyError } from '../../../lib/notify';
import { type SubjectOption, subjectOptionsQuery, useCreateInquiry } from '../api';
import { SubjectPicker } from '../components/SubjectPicker';
import { notifySuccessWithCaption } from '../notify-with-caption';

type Errors = Partial<Record<'type' | 'query' | 'subject_id' | 'subtype' | 'warehouse_id' | 'form', string>>;

/** Spec 2 §5 Inquiry create; prefilled from an order's detail (?order_number=&order_id=&type=orders). */
export function InquiryCreatePage() {
  const navigate = useNavigate();
  const createInquiry = useCreateInquiry();
  const context = useWorkingContext();
  const [params] = useSearchParams();
  const prefillType = INQUIRY_TYPES.find((t) => t === params.get('type'));
  // An order's detail links here with its number and external id (spec 2 §2): the order is looked up by number.
  const prefillOrderNumber = params.get('order_number');

  const [type, setType] = useState<InquiryType | ''>(prefillType ?? '');
  const [subtype, setSubtype] = useState('');
  const [subject, setSubject] = useState<SubjectOption | null>(null);
  const prefill = useQuery({
    ...subjectOptionsQuery(context, 'orders', prefillOrderNumber ?? '', true),
    enabled: Boolean(prefillOrderNumber) && context.ready,
  });
  const prefilled = (prefill.data as SubjectOption[] | undefined)?.find((o) =>
    o.label.startsWith(`${prefillOrderNumber} `),
  );
  useEffect(() => {
    if (prefilled && type === 'orders') setSubject((current) => current ?? prefilled);
  }, [prefilled, type]);
  const [subjectName, setSubjectName] = useState('');
  const [query, setQuery] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const noWarehouse = context.ready && context.warehouseId === null;

  const validate = (): Errors => {
    const found: Errors = {};
    if (!type) found.type = INQUIRY_MESSAGES.typeRequired;
    if (!query.trim()) found.query = INQUIRY_MESSAGES.queryRequired;
    else if (query.trim().length < INQUIRY_QUERY_MIN) found.query = INQUIRY_MESSAGES.queryTooShort;
    if (context.warehouseId === null) found.warehouse_id = INQUIRY_MESSAGES.warehouseRequired;
    return found;
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !type) return;
    setSaving(true);
    try {
      const hasSubject = INQUIRY_SUBJECT_OF[type] !== null;
      const saved = await createInquiry.mutateAsync({
        type,
        subtype: subtype || null,
        query,
        warehouse_id: context.warehouseId,
        account_id: context.accountId,
        subject_id: hasSubject ? (subject?.id ?? null) : null,
        subject_name: hasSubject && !subject ? subjectName || null : null,
        order_number: type === 'orders' ? (prefillOrderNumber ?? null) : null,
      });
      notifySuccessWithCaption(INQUIRY_MESSAGES.submitted, INQUIRY_MESSAGES.submittedCaption);
      navigate(`/inquiries/${saved.data.id}`);
    } catch (caught) {
      if (isValidationError(caught)) {
        const fieldErrors = caught.fieldErrors;
        setErrors({
          type: fieldErrors.type?.join(', '),
          query: fieldErrors.query?.join(', '),
          subtype: fieldErrors.subtype?.join(', '),
          subject_id: [...(fieldErrors.subject_id ?? []), ...(fieldErrors.account_id ?? [])].join(', ') || undefined,
          warehouse_id: fieldErrors.warehouse_id?.join(', '),
        });
        notifyError(caught.serverMessage ?? Object.values(fieldErrors).flat().join(', '));
      } else {
        notifyError(failureMessage(caught, INQUIRY_MESSAGES.submitFailed) ?? INQUIRY_MESSAGES.submitFailed);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Create Inquiry" subtitle="Tell the warehouse team what you need; they answer here." />
      {noWarehouse && (
        <Alert severity="warning" sx={{ mb: 2 }} title="No Warehouse Selected">
          No Warehouse Selected. {INQUIRY_MESSAGES.warehouseRequired}
        </Alert>
      )}
      <Card>
        <CardContent>
          <Stack
            spacing={2.5}
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <TextField
              select
              label="Inquiry type"
              required
              value={type}
              onChange={(event) => {
                setType(event.target.value as InquiryType);
                setSubtype('');
                setSubject(null);
              }}
              error={Boolean(errors.type)}
              helperText={errors.type}
            >
              {INQUIRY_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {INQUIRY_TYPE_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            {type && (
              <TextField
                select
                label="Subtype"
                value={subtype}
                onChange={(event) => setSubtype(event.target.value)}
                error={Boolean(errors.subtype)}
                helperText={errors.subtype}
              >
                <MenuItem value="">None</MenuItem>
                {INQUIRY_SUBTYPES[type].map((value) => (
                  <MenuItem key={value} value={value}>
                    {value}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {type && INQUIRY_SUBJECT_OF[type] && (
              <>
                <SubjectPicker type={type} value={subject} onChange={setSubject} error={errors.subject_id} />
                {!subject && (
                  <TextField
                    label="Subject name (optional)"
                    value={subjectName}
                    onChange={(event) => setSubjectName(event.target.value)}
                    helperText="Used only when no subject is chosen above"
                  />
                )}
              </>
            )}
            <TextField
              label="Your inquiry"
              required
              multiline
              minRows={5}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              error={Boolean(errors.query)}
              helperText={errors.query ?? `At least ${INQUIRY_QUERY_MIN} characters`}
            />
            {errors.warehouse_id && <Alert severity="error">{errors.warehouse_id}</Alert>}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button component={Link} to="/inquiries">
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={saving}>
                Submit Inquiry
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
