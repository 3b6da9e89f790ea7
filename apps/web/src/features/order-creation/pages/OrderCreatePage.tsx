import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DRAFT_MESSAGES, isBlankDraft } from '@wms/contract/drafts';
import { type BulkCreateResult, ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/api/ApiError';
import { useWorkingContext } from '../../../lib/context/useWorkingContext';
import { isActiveAccount, isLinked } from '../../../lib/context/validPairs';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import {
  convertDraftToOrders,
  createOrdersInBulk,
  fetchDraft,
  fetchOrderShippers,
  fetchScopeAccounts,
  uploadOrderLabel,
} from '../api';
import { CreateResultDialog, type LabelProgress } from '../components/CreateResultDialog';
import { DraftInfoCard } from '../components/DraftInfoCard';
import { ImportOrdersDialog } from '../components/ImportOrdersDialog';
import { OrderSection } from '../components/OrderSection';
import { saveDraftWithFiles } from '../draft-saving';
import { orderCreationKeys } from '../query-keys';
import {
  canCreate,
  draftAccountOf,
  fromDraftData,
  labelWithoutFile,
  mapServerErrors,
  newSection,
  type Section,
  summarise,
  toBulkBody,
  toDraftData,
  validateSections,
} from '../sections';
import { useUnsavedChanges } from '../useUnsavedChanges';

/** /orders/create (spec 2 §2, §4, §5): several orders at once against live stock, with drafts. */
export function OrderCreatePage() {
  const context = useWorkingContext();
  const warehouseId = context.warehouseId;
  const [params, setParams] = useSearchParams();
  const draftParam = Number(params.get('draft_id')) || null;
  const [sections, setSections] = useState<Section[]>(() => [newSection(context.accountId)]);
  const [draftId, setDraftId] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pageError, setPageError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'save' | null>(null);
  const [result, setResult] = useState<BulkCreateResult | null>(null);
  const [labelProgress, setLabelProgress] = useState<LabelProgress | null>(null);
  // The orders list's 'Excel Import' opens the dialog here (?import=1): it is this feature's dialog.
  const [importOpen, setImportOpen] = useState(() => new URLSearchParams(window.location.search).get('import') === '1');
  const blocker = useUnsavedChanges(dirty);
  const queryClient = useQueryClient();

  const shippers = useQuery({
    queryKey: orderCreationKeys.shippers(),
    queryFn: ({ signal }) => fetchOrderShippers(signal),
  });
  const accounts = useQuery({
    queryKey: orderCreationKeys.accounts(),
    queryFn: ({ signal }) => fetchScopeAccounts(signal),
  });
  const accountOptions = useMemo(
    () => (accounts.data ?? []).filter((a) => isActiveAccount(a) && (warehouseId === null || isLinked(a, warehouseId))),
    [accounts.data, warehouseId],
  );
  const draft = useQuery({
    queryKey: orderCreationKeys.draft(draftParam ?? 0),
    queryFn: ({ signal }) => fetchDraft(draftParam!, signal),
    enabled: draftParam !== null && draftParam !== draftId,
  });
  useEffect(() => {
    if (!draft.data || draft.data.id === draftId) return;
    setSections(fromDraftData(draft.data.draft_data));
    setDraftId(draft.data.id);
    setTitle(draft.data.title ?? '');
    setDescription(draft.data.description ?? '');
    setDirty(false);
    notifySuccess(DRAFT_MESSAGES.loaded);
  }, [draft.data, draftId]);
  useEffect(() => {
    if (draft.isError) notifyError(DRAFT_MESSAGES.loadFailed);
  }, [draft.isError]);
  useEffect(() => {
    if (shippers.isError) notifyError(M.loadShippersFailed);
  }, [shippers.isError]);

  const change = (next: Section[]) => {
    setSections(next);
    setDirty(true);
  };
  const summary = summarise(sections);

  /**
   * Saves the screen (and its new label PDFs) as the draft; answers the draft id, or null after telling why not.
   * `quiet` leaves the success toast to the caller (creating orders from the draft).
   */
  const persistDraft = async (quiet = false): Promise<number | null> => {
    const accountId = draftAccountOf(sections);
    if (warehouseId === null || accountId === null) {
      notifyError(warehouseId === null ? M.warehouseRequired : DRAFT_MESSAGES.accountRequired);
      return null;
    }
    const fields = {
      account_id: accountId,
      warehouse_id: warehouseId,
      title: title.trim() || null,
      description: description.trim() || null,
    };
    if (isBlankDraft({ ...fields, draft_data: toDraftData(sections) })) {
      notifyError(DRAFT_MESSAGES.nothingToSave);
      return null;
    }
    try {
      const { saved, sections: stored } = await saveDraftWithFiles(draftId, fields, sections, (id) => {
        setDraftId(id);
        setParams({ draft_id: String(id) }, { replace: true });
      });
      setSections(stored);
      setDirty(false);
      if (!quiet) notifySuccess(saved.message);
      return saved.data.id;
    } catch (error) {
      notifyError(error instanceof HttpError && error.status < 500 ? error.message : DRAFT_MESSAGES.saveFailed);
      return null;
    }
  };

  const saveDraft = async () => {
    setBusy('save');
    try {
      await persistDraft();
    } finally {
      setBusy(null);
    }
  };

  /** After the orders exist the screen starts afresh: no draft (it was consumed), nothing typed. */
  const resetScreen = () => {
    if (draftId !== null) queryClient.removeQueries({ queryKey: orderCreationKeys.draft(draftId) });
    setSections([newSection(context.accountId)]);
    setDraftId(null);
    setTitle('');
    setDescription('');
    setParams({}, { replace: true });
    setDirty(false);
  };

  const startNewDraft = () => {
    resetScreen();
    setErrors({});
    notifyInfo(DRAFT_MESSAGES.started);
  };

  const uploadLabels = async (sentKeys: string[], created: BulkCreateResult) => {
    const jobs = sentKeys.flatMap((key, i) => {
      const section = sections.find((s) => s.key === key);
      const orderId = created.data[i]?.id;
      return orderId && section
        ? section.labels.flatMap((l) => (l.file ? [{ orderId, label: { ...l, file: l.file } }] : []))
        : [];
    });
    if (jobs.length === 0) return;
    let done = 0;
    let failed = 0;
    setLabelProgress({ done, total: jobs.length, failed });
    for (const job of jobs) {
      try {
        await uploadOrderLabel(job.orderId, job.label);
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

  const showRefusal = (error: unknown, sentKeys: readonly string[]) => {
    if (error instanceof HttpError && error.status === 422) {
      setErrors(mapServerErrors(error.fieldErrors, sentKeys));
      notifyError(error.message);
    } else {
      notifyError(error instanceof HttpError && error.status !== 500 ? error.message : M.createFailed);
    }
  };

  /** A loaded draft is saved as it stands, then converted: orders, labels and the draft's deletion at once. */
  const createFromDraft = async () => {
    const id = await persistDraft(true);
    if (id === null) return;
    try {
      showCreated(await convertDraftToOrders(id));
      resetScreen();
    } catch (error) {
      // Convert names the draft's sections (orders.2.…), which are all the screen's sections in order.
      showRefusal(
        error,
        sections.map((s) => s.key),
      );
    }
  };

  const createOrders = async () => {
    const check = validateSections(sections, warehouseId);
    const missingFile = check.page ?? labelWithoutFile(sections);
    setErrors(check.errors);
    setPageError(missingFile);
    if (missingFile) return notifyError(missingFile);
    if (Object.keys(check.errors).length > 0) return notifyError(Object.values(check.errors)[0]!);
    setBusy('create');
    try {
      if (draftId !== null) return await createFromDraft();
      const { body, sentKeys } = toBulkBody(sections, warehouseId!);
      try {
        const created = await createOrdersInBulk(body);
        showCreated(created);
        setDirty(false);
        await uploadLabels(sentKeys, created);
        resetScreen();
      } catch (error) {
        showRefusal(error, sentKeys);
      }
    } finally {
      setBusy(null);
    }
  };

  if (draftParam !== null && draft.isLoading) return <LoadingState label="Loading draft…" />;

  return (
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
            <Button variant="outlined" onClick={saveDraft} disabled={busy !== null}>
              {busy === 'save' ? 'Saving…' : 'Save Draft'}
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
      <DraftInfoCard
        title={title}
        description={description}
        draftId={draftId}
        dirty={dirty}
        onTitle={(value) => {
          setTitle(value);
          setDirty(true);
        }}
        onDescription={(value) => {
          setDescription(value);
          setDirty(true);
        }}
      />

      <Stack spacing={2}>
        {sections.map((section, index) => (
          <OrderSection
            key={section.key}
            section={section}
            index={index}
            accounts={accountOptions}
            shippers={shippers.data ?? []}
            errors={errors}
            canRemove={sections.length > 1}
            onChange={(next) => change(sections.map((s) => (s.key === next.key ? next : s)))}
            onRemove={() => change(sections.filter((s) => s.key !== section.key))}
          />
        ))}
      </Stack>
      <Button
        sx={{ mt: 2 }}
        startIcon={<AddIcon />}
        onClick={() => change([...sections, newSection(context.accountId)])}
      >
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
            disabled={busy !== null || !canCreate(sections, warehouseId)}
          >
            {busy === 'create' ? 'Creating…' : 'Create Orders'}
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
  );
}
