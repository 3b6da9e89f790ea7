import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DRAFT_MESSAGES, isBlankDraft } from '@wms/contract/drafts';
import { type BulkCreateResult, ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { useEffect, useMemo, useState } from 'react';
import { type FieldPath, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/api/api-error';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { isActiveAccount, isLinked } from '../../../lib/context/valid-pairs';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import {
  draftQuery,
  orderShippersQuery,
  scopeAccountsQuery,
  useConvertDraftToOrders,
  useCreateOrders,
  useForgetDraft,
  useSaveDraft,
  useUploadOrderLabel,
} from '../api';
import { CreateResultDialog, type LabelProgress } from '../components/CreateResultDialog';
import { DraftInfoCard } from '../components/DraftInfoCard';
import { ImportOrdersDialog } from '../components/ImportOrdersDialog';
import { OrderSection } from '../components/OrderSection';
import {
  blankOrderCreate,
  firstErrorMessage,
  type OrderCreateValues,
  orderCreateSchema,
  pageErrorOf,
} from '../order-create-form';
import {
  canCreate,
  draftAccountOf,
  fromDraftData,
  mapServerErrors,
  newSection,
  type Section,
  summarise,
  toBulkBody,
  toDraftData,
} from '../sections';
import { useUnsavedChanges } from '../use-unsaved-changes';

/**
 * /orders/create (spec 2 §2, §4, §5): several orders at once against live stock, with drafts. The screen is one
 * react-hook-form form (title, description, `orders` field array) checked by the contract's order schema.
 */
export function OrderCreatePage() {
  const context = useWorkingContext();
  const warehouseId = context.warehouseId;
  const [params, setParams] = useSearchParams();
  const draftParam = Number(params.get('draft_id')) || null;
  const form = useForm<OrderCreateValues>({
    resolver: zodResolver(orderCreateSchema),
    defaultValues: blankOrderCreate(context.accountId),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The screen never moved to a field on a refused create (the page message may sit above it): keep it so.
    shouldFocusError: false,
  });
  const orders = useFieldArray({ control: form.control, name: 'orders' });
  const sections = useWatch({ control: form.control, name: 'orders' });
  const { isDirty: dirty, isSubmitting, errors } = form.formState;
  const [draftId, setDraftId] = useState<number | null>(null);
  const [result, setResult] = useState<BulkCreateResult | null>(null);
  const [labelProgress, setLabelProgress] = useState<LabelProgress | null>(null);
  // The orders list's 'Excel Import' opens the dialog here (?import=1): it is this feature's dialog.
  const [importOpen, setImportOpen] = useState(() => new URLSearchParams(window.location.search).get('import') === '1');
  const blocker = useUnsavedChanges(dirty);
  const forgetDraft = useForgetDraft();
  const labelUpload = useUploadOrderLabel();
  const saving = useSaveDraft();
  const creating = useCreateOrders();
  const converting = useConvertDraftToOrders();

  const shippers = useQuery(orderShippersQuery());
  const accounts = useQuery(scopeAccountsQuery());
  const accountOptions = useMemo(
    () => (accounts.data ?? []).filter((a) => isActiveAccount(a) && (warehouseId === null || isLinked(a, warehouseId))),
    [accounts.data, warehouseId],
  );
  const draft = useQuery({
    ...draftQuery(draftParam),
    enabled: draftParam !== null && draftParam !== draftId,
  });
  useEffect(() => {
    if (!draft.data || draft.data.id === draftId) return;
    form.reset({
      title: draft.data.title ?? '',
      description: draft.data.description ?? '',
      orders: fromDraftData(draft.data.draft_data),
    });
    setDraftId(draft.data.id);
    notifySuccess(DRAFT_MESSAGES.loaded);
  }, [draft.data, draftId, form]);
  useEffect(() => {
    if (draft.isError) notifyError(DRAFT_MESSAGES.loadFailed);
  }, [draft.isError]);
  useEffect(() => {
    if (shippers.isError) notifyError(M.loadShippersFailed);
  }, [shippers.isError]);

  const summary = summarise(sections);

  /**
   * Saves the screen (and its new label PDFs) as the draft; answers the draft id, or null after telling why not.
   * `quiet` leaves the success toast to the caller (creating orders from the draft).
   */
  const persistDraft = async (values: OrderCreateValues, quiet = false): Promise<number | null> => {
    const accountId = draftAccountOf(values.orders);
    if (warehouseId === null || accountId === null) {
      notifyError(warehouseId === null ? M.warehouseRequired : DRAFT_MESSAGES.accountRequired);
      return null;
    }
    const fields = {
      account_id: accountId,
      warehouse_id: warehouseId,
      title: values.title.trim() || null,
      description: values.description.trim() || null,
    };
    if (isBlankDraft({ ...fields, draft_data: toDraftData(values.orders) })) {
      notifyError(DRAFT_MESSAGES.nothingToSave);
      return null;
    }
    try {
      const { saved, sections: stored } = await saving.mutateAsync([
        draftId,
        fields,
        values.orders,
        (id) => {
          setDraftId(id);
          setParams({ draft_id: String(id) }, { replace: true });
        },
      ]);
      // What was saved is the form's new baseline: not dirty, label PDFs now kept with the draft.
      form.reset({ ...values, orders: stored }, { keepErrors: true });
      if (!quiet) notifySuccess(saved.message);
      return saved.data.id;
    } catch (error) {
      notifyError(error instanceof HttpError && error.status < 500 ? error.message : DRAFT_MESSAGES.saveFailed);
      return null;
    }
  };

  /** After the orders exist the screen starts afresh: no draft (it was consumed), nothing typed, no errors. */
  const resetScreen = () => {
    if (draftId !== null) forgetDraft(draftId);
    form.reset(blankOrderCreate(context.accountId));
    setDraftId(null);
    setParams({}, { replace: true });
  };

  const startNewDraft = () => {
    resetScreen();
    notifyInfo(DRAFT_MESSAGES.started);
  };

  const uploadLabels = async (sent: readonly Section[], created: BulkCreateResult) => {
    const jobs = sent.flatMap((section, i) => {
      const orderId = created.data[i]?.id;
      return orderId ? section.labels.flatMap((l) => (l.file ? [{ orderId, label: { ...l, file: l.file } }] : [])) : [];
    });
    if (jobs.length === 0) return;
    let done = 0;
    let failed = 0;
    setLabelProgress({ done, total: jobs.length, failed });
    for (const job of jobs) {
      try {
        await labelUpload.mutateAsync(job);
      } catch {
        failed++;
      }
      done++;
      setLabelProgress({ done, total: jobs.length, failed });
    }
    if (done - failed > 0) notifySuccess(M.labelsUploaded(done - failed));
    if (failed > 0) notifyError(M.labelsFailed(failed));
  };

  const showCreated = (created: BulkCreateResult) => {
    notifySuccess(created.message);
    if (created.backorder_items.length > 0) {
      notifyWarning(`${created.backorder_items.length} item(s) on backorder: see the summary`);
    }
    setResult(created);
  };

  /** A 422 puts the server's messages under the fields of the sections they name; other refusals are toasted. */
  const showRefusal = (error: unknown, sentIndexes: readonly number[]) => {
    if (error instanceof HttpError && error.status === 422) {
      for (const [path, message] of mapServerErrors(error.fieldErrors, sentIndexes)) {
        // The server names fields of the contract's order, which are this form's fields under orders.N.
        form.setError(path as FieldPath<OrderCreateValues>, { type: 'server', message });
      }
      notifyError(error.message);
    } else {
      notifyError(error instanceof HttpError && error.status !== 500 ? error.message : M.createFailed);
    }
  };

  /** A loaded draft is saved as it stands, then converted: orders, labels and the draft's deletion at once. */
  const createFromDraft = async (values: OrderCreateValues): Promise<boolean> => {
    const id = await persistDraft(values, true);
    if (id === null) return false;
    try {
      showCreated(await converting.mutateAsync(id));
      return true;
    } catch (error) {
      // Convert names the draft's sections (orders.2.…), which are all the screen's sections in order.
      showRefusal(
        error,
        values.orders.map((_, i) => i),
      );
      return false;
    }
  };

  /** Answers whether the orders now exist (the screen is then reset, once the submission is over). */
  const createValidOrders = async (values: OrderCreateValues): Promise<boolean> => {
    if (warehouseId === null) {
      notifyError(M.warehouseRequired);
      return false;
    }
    if (draftId !== null) return createFromDraft(values);
    const { body, sentIndexes } = toBulkBody(values.orders, warehouseId);
    try {
      const created = await creating.mutateAsync(body);
      showCreated(created);
      await uploadLabels(
        sentIndexes.map((i) => values.orders[i]!),
        created,
      );
      return true;
    } catch (error) {
      showRefusal(error, sentIndexes);
      return false;
    }
  };

  const createOrders = async () => {
    let created = false;
    await form.handleSubmit(
      async (values) => {
        created = await createValidOrders(values);
      },
      (invalid) => {
        notifyError(pageErrorOf(invalid) ?? firstErrorMessage(invalid) ?? M.createFailed);
      },
    )();
    // After handleSubmit has marked the form submitted, so the fresh screen is not judged as the user types.
    if (created) resetScreen();
  };

  const saveDraft = () => persistDraft(form.getValues());
  const busy = isSubmitting || saving.isPending;
  const pageError = pageErrorOf(errors);

  if (draftParam !== null && draft.isLoading) return <LoadingState label="Loading draft…" />;

  return (
    <FormProvider {...form}>
      <Box>
        <PageHeader
          title="Create Orders"
          subtitle={context.warehouse ? `Warehouse: ${context.warehouse.name}` : undefined}
          actions={
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => setImportOpen(true)}>
                Import Spreadsheet
              </Button>
              <Button variant="outlined" onClick={startNewDraft}>
                New Draft
              </Button>
              <Button variant="outlined" onClick={saveDraft} disabled={busy}>
                {saving.isPending && !isSubmitting ? 'Saving…' : 'Save Draft'}
              </Button>
            </Stack>
          }
        />
        {warehouseId === null && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {M.warehouseRequired}
          </Alert>
        )}
        {pageError && warehouseId !== null && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {pageError}
          </Alert>
        )}
        <DraftInfoCard draftId={draftId} dirty={dirty} />

        <Stack spacing={2}>
          {orders.fields.map((field, index) => (
            <OrderSection
              key={field.id}
              index={index}
              accounts={accountOptions}
              shippers={shippers.data ?? []}
              canRemove={orders.fields.length > 1}
              onRemove={() => orders.remove(index)}
            />
          ))}
        </Stack>
        <Button sx={{ mt: 2 }} startIcon={<AddIcon />} onClick={() => orders.append(newSection(context.accountId))}>
          Add Order
        </Button>

        <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label="Summary">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Summary
            </Typography>
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Typography>Orders: {summary.orders}</Typography>
              <Typography>Products: {summary.products}</Typography>
              <Typography>Units: {summary.units}</Typography>
              <Typography>Total weight: {summary.weight.toFixed(2)} lbs</Typography>
            </Stack>
            <Button
              sx={{ mt: 2 }}
              variant="contained"
              onClick={createOrders}
              disabled={busy || !canCreate(sections, warehouseId)}
            >
              {isSubmitting ? 'Creating…' : 'Create Orders'}
            </Button>
          </CardContent>
        </Card>

        <CreateResultDialog
          result={result}
          labels={labelProgress}
          onClose={() => {
            setResult(null);
            setLabelProgress(null);
          }}
        />
        <ImportOrdersDialog open={importOpen} onClose={() => setImportOpen(false)} />
        <ConfirmDialog
          open={blocker.state === 'blocked'}
          title="Leave this page?"
          text="You have unsaved changes. Leave without saving them?"
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={() => blocker.proceed?.()}
          onCancel={() => blocker.reset?.()}
        />
      </Box>
    </FormProvider>
  );
}
