import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { IMPORT_MAPPING_MESSAGES, type ImportInspection, type OrderMapping } from '@wms/contract/import-mappings';
import {
  ORDER_IMPORT_MESSAGES as M,
  ORDER_IMPORT_COLUMNS,
  ORDER_IMPORT_MAX_BYTES,
  type OrderImportResponse,
} from '@wms/contract/order-imports';
import { useEffect, useState } from 'react';
import { FileDrop } from '../../../components/FileDrop';
import { ImportMappingStep } from '../../../components/ImportMappingStep';
import { HttpError } from '../../../lib/api/api-error';
import { selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { isActiveAccount, isActiveWarehouse, isLinked } from '../../../lib/context/valid-pairs';
import { orderSpecialChoices, unmappedRequired } from '../../../lib/imports/import-mapping-form';
import { saveNamedMapping } from '../../../lib/imports/import-mappings-api';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import {
  downloadOrderTemplate,
  type ImportMappingChoice,
  importOrdersFile,
  inspectOrdersFile,
  orderShippersQuery,
  scopeAccountsQuery,
} from '../api';

const RULES = {
  // .txt: Amazon's tab-separated reports, read through the mapping step.
  extensions: ['.xlsx', '.xls', '.csv', '.txt'],
  maxBytes: ORDER_IMPORT_MAX_BYTES,
  tooLargeMessage: M.tooLarge,
  invalidTypeMessage: M.invalidType,
};
const CLEAR_AFTER_SUCCESS_MS = 2000;

export interface ImportOrdersDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after orders were created (the list refreshes 1.5 s later, spec §9). */
  onImported?: (result: OrderImportResponse) => void;
}

/**
 * The bulk import dialog (spec 2 §2, §5, §8, §9): template download, the accounts (click copies a name), the
 * required warehouse, the file (upload disabled until a warehouse is chosen), progress, then the summary. A file
 * that is not our template (a Shopify or Amazon export, any CSV) gets a mapping step first.
 */
export function ImportOrdersDialog({ open, onClose, onImported }: ImportOrdersDialogProps) {
  const context = useWorkingContext();
  const [warehouseId, setWarehouseId] = useState<number | null>(context.warehouseId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<OrderImportResponse | null>(null);
  const [inspection, setInspection] = useState<ImportInspection | null>(null);
  const [mapping, setMapping] = useState<OrderMapping>({});
  const [saveName, setSaveName] = useState('');
  const warehouses = useQuery({ ...selectableWarehousesQuery(), enabled: open });
  const accounts = useQuery({ ...scopeAccountsQuery(), enabled: open });
  useEffect(() => {
    if (open) setWarehouseId((current) => current ?? context.warehouseId);
  }, [open, context.warehouseId]);
  const shippers = useQuery({ ...orderShippersQuery(), enabled: open && inspection !== null });
  // A new file (or none) starts over at the file step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the file changes, on purpose
  useEffect(() => setInspection(null), [file]);
  const workingAccountName =
    context.accountId === null ? null : ((accounts.data ?? []).find((a) => a.id === context.accountId)?.name ?? null);
  const mappingIncomplete =
    inspection !== null && unmappedRequired(ORDER_IMPORT_COLUMNS, mapping, workingAccountName !== null).length > 0;
  const accountNames = (accounts.data ?? [])
    .filter((a) => isActiveAccount(a) && (warehouseId === null || isLinked(a, warehouseId)))
    .map((a) => a.name);

  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(name);
      notifyInfo(`Copied "${name}"`);
    } catch {
      notifyError('Could not copy the name');
    }
  };

  const downloadTemplate = async () => {
    try {
      await downloadOrderTemplate();
      notifySuccess(M.templateDownloaded);
    } catch {
      notifyError(M.templateFailed);
    }
  };

  /** First press: read the file's header; our template imports at once, anything else goes to the mapping step. */
  const upload = async () => {
    if (warehouseId === null) return notifyError(M.warehouseRequired);
    if (!file) return notifyError(M.fileRequired);
    if (inspection) return importMapped();
    setProgress(0);
    setResult(null);
    let seen: ImportInspection;
    try {
      seen = await inspectOrdersFile(file, context.accountId);
    } catch (error) {
      setProgress(null);
      return notifyError(
        error instanceof HttpError && error.status !== 500 ? error.message : IMPORT_MAPPING_MESSAGES.inspectFailed,
      );
    }
    if (seen.is_template && !seen.saved_mapping) return runImport(file, warehouseId, null);
    setProgress(null);
    setMapping(seen.suggested_mapping);
    setSaveName('');
    setInspection(seen);
  };

  const importMapped = async () => {
    if (warehouseId === null || !file || !inspection) return;
    const request = { accountId: context.accountId, kind: 'orders' as const, name: saveName, mapping };
    if (!(await saveNamedMapping({ ...request, columns: inspection.columns }, M.importFailed))) return;
    setSaveName('');
    await runImport(file, warehouseId, { mapping, accountId: context.accountId });
  };

  const runImport = async (file: File, warehouseId: number, mapped: ImportMappingChoice | null) => {
    setProgress(0);
    setResult(null);
    try {
      const answer = await importOrdersFile(file, warehouseId, setProgress, mapped);
      setResult(answer);
      if (answer.summary.warning_count > 0 || answer.summary.error_count > 0) {
        notifyWarning(
          answer.summary.error_count > 0
            ? M.completedWithErrors
            : M.completedWithWarnings(answer.summary.warning_count),
        );
      } else {
        notifySuccess(M.imported);
        setTimeout(() => setFile(null), CLEAR_AFTER_SUCCESS_MS);
      }
      if (answer.summary.success_count > 0) onImported?.(answer);
    } catch (error) {
      const data = error instanceof HttpError ? (error.data as Partial<OrderImportResponse> | undefined) : undefined;
      if (data?.summary) {
        setResult(data as OrderImportResponse);
        notifyError(M.completedWithErrors);
      } else {
        notifyError(error instanceof HttpError && error.status !== 500 ? error.message : M.importFailed);
      }
    } finally {
      setProgress(null);
    }
  };

  const close = () => {
    if (progress !== null) return;
    setFile(null);
    setResult(null);
    setFileError(null);
    setInspection(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-orders-title">
      <DialogTitle id="import-orders-title">Import Orders</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {M.guidance.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
        <Button variant="outlined" onClick={downloadTemplate} sx={{ mb: 2 }}>
          Download Template
        </Button>
        <Typography variant="subtitle2" component="h3">
          Available accounts (click to copy)
        </Typography>
        <Box
          sx={{ height: 200, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mb: 2 }}
          tabIndex={0}
          role="region"
          aria-label="Available accounts"
        >
          <List dense disablePadding>
            {accountNames.map((name) => (
              <ListItem key={name} disablePadding>
                <ListItemButton onClick={() => copy(name)}>
                  <ListItemText primary={name} />
                </ListItemButton>
              </ListItem>
            ))}
            {accounts.isSuccess && accountNames.length === 0 && (
              <ListItem>
                <ListItemText primary="No accounts found" />
              </ListItem>
            )}
          </List>
        </Box>
        <TextField
          select
          fullWidth
          size="small"
          label="Warehouse"
          required
          value={warehouseId ?? ''}
          onChange={(e) => setWarehouseId(Number(e.target.value) || null)}
          error={warehouseId === null}
          helperText={warehouseId === null ? M.warehouseFieldRequired : undefined}
          sx={{ mb: 2 }}
        >
          {(warehouses.data ?? []).filter(isActiveWarehouse).map((w) => (
            <MenuItem key={w.id} value={w.id}>
              {w.name}
            </MenuItem>
          ))}
        </TextField>
        <FileDrop
          rules={RULES}
          file={file}
          onFileChange={(f) => {
            setFile(f);
            setFileError(null);
          }}
          onReject={setFileError}
          label="Orders file"
          hint="Our template, or your shop's export: Excel (.xlsx, .xls), CSV or Amazon .txt, up to 10 MB"
          error={fileError}
          disabled={warehouseId === null || progress !== null}
        />
        {inspection && (
          <ImportMappingStep
            inspection={inspection}
            fields={ORDER_IMPORT_COLUMNS}
            mapping={mapping}
            onChange={(next) => setMapping(next as OrderMapping)}
            specialChoices={orderSpecialChoices(workingAccountName !== null)}
            intro="Rows with the same order id form one order; an order’s details are taken from its first row."
            noun="order"
            shippers={shippers.data ?? []}
            accountName={workingAccountName}
            saveName={saveName}
            onSaveNameChange={setSaveName}
            canSave={context.accountId !== null}
            disabled={progress !== null}
          />
        )}
        {progress !== null && (
          <LinearProgress
            sx={{ mt: 2 }}
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={progress * 100}
            aria-label="Import progress"
          />
        )}
        {result && (
          <Box sx={{ mt: 2 }} aria-label="Import summary" role="region">
            {/* Success only when orders were created: "Imported 0 orders" is no success. */}
            <Alert
              severity={
                result.summary.error_count > 0 ? 'warning' : result.summary.success_count === 0 ? 'info' : 'success'
              }
            >
              {result.message}
              <div>
                Created: {result.summary.success_count} · Warnings: {result.summary.warning_count} · Errors:{' '}
                {result.summary.error_count}
              </div>
            </Alert>
            {result.summary.errors.length > 0 && (
              <List dense aria-label="Import errors">
                {result.summary.errors.map((e) => (
                  <ListItem key={e} disableGutters>
                    <ListItemText primary={e} slotProps={{ primary: { color: 'error' } }} />
                  </ListItem>
                ))}
              </List>
            )}
            {result.summary.warnings.length > 0 && (
              <List dense aria-label="Import warnings">
                {result.summary.warnings.map((w) => (
                  <ListItem key={w} disableGutters>
                    <ListItemText primary={w} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={progress !== null}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={upload}
          disabled={warehouseId === null || !file || progress !== null || mappingIncomplete}
        >
          {inspection ? 'Import' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
