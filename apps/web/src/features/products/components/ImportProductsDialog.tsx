import DownloadIcon from '@mui/icons-material/Download';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import {
  PRODUCT_MAPPING_FIELDS,
  type ProductImportInspection,
  type ProductMapping,
} from '@wms/contract/import-mappings';
import {
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_EXTENSIONS,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_MESSAGES,
} from '@wms/contract/products';
import { useReducer, useState } from 'react';
import { FileDrop } from '../../../components/FileDrop';
import { ImportMappingStep } from '../../../components/ImportMappingStep';
import { HttpError } from '../../../lib/api/api-error';
import { extensionOf } from '../../../lib/files/file-checks';
import { productSpecialChoices, unmappedRequired } from '../../../lib/imports/import-mapping-form';
import { saveNamedMapping } from '../../../lib/imports/import-mappings-api';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import { inspectProductFile, useImportProducts } from '../api';
import { closesAfterImport, conversionInfoOf, importReducer, initialImportState } from '../import-dialog-state';
import { useTemplateDownload } from '../use-template-download';
import { AccountSelect } from './AccountSelect';
import { ImportResultView } from './ImportResultView';

const FILE_RULES = {
  // .txt: Amazon's tab-separated reports, read through the mapping step.
  extensions: [...PRODUCT_IMPORT_EXTENSIONS, '.txt'],
  maxBytes: PRODUCT_IMPORT_MAX_BYTES,
  tooLargeMessage: PRODUCT_MESSAGES.importTooLarge,
  invalidTypeMessage: PRODUCT_MESSAGES.importInvalidType,
};

/** Answers the dialog explains itself; anything else (401, 500, network) also gets the catalogue's toast. */
const SHOWN_IN_DIALOG = [413, 415, 422];
const shownInDialog = (error: unknown) => error instanceof HttpError && SHOWN_IN_DIALOG.includes(error.status);

/** The import did not find SKU or Product Name in the header: a shop's export, for the mapping step. */
const isUnknownHeader = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 422 &&
  (error.fieldErrors.file ?? []).some((m) => m.startsWith(PRODUCT_MESSAGES.importMissingColumns([]).split(':')[0]!));

function failureText(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 413) return PRODUCT_MESSAGES.importTooLarge;
    if (error.status === 415) return PRODUCT_MESSAGES.importInvalidType;
    const fields = Object.values(error.fieldErrors).flat();
    if (fields.length > 0) return fields.join('\n');
    if (error.serverMessage) return error.serverMessage;
  }
  return 'Error importing file';
}

interface ImportProductsDialogProps {
  open: boolean;
  /** Staff pick the account the rows go to; a client's selected account is sent for them. */
  isClient: boolean;
  /** A client's selected account: its saved mappings are offered, and a new one is saved with it. */
  clientAccountId?: number | null;
  onClose: () => void;
}

export function ImportProductsDialog({ open, isClient, clientAccountId = null, onClose }: ImportProductsDialogProps) {
  const importProducts = useImportProducts();
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [accountError, setAccountError] = useState<string | undefined>();
  const template = useTemplateDownload();
  const importing = state.kind === 'importing';
  const [inspection, setInspection] = useState<ProductImportInspection | null>(null);
  const [mapping, setMapping] = useState<ProductMapping>({});
  const [saveName, setSaveName] = useState('');
  /** The account the products (and a saved mapping) are for. */
  const mappingAccountId = isClient ? clientAccountId : accountId;
  const mappingIncomplete = inspection !== null && unmappedRequired(PRODUCT_MAPPING_FIELDS, mapping, false).length > 0;

  const close = () => {
    if (importing) return;
    dispatch({ type: 'reset' });
    setAccountError(undefined);
    setInspection(null);
    onClose();
  };

  const start = async () => {
    const file = state.kind === 'idle' ? null : state.file;
    const missingAccount = !isClient && accountId === null;
    setAccountError(missingAccount ? PRODUCT_MESSAGES.importAccountRequired : undefined);
    if (!file) {
      dispatch({ type: 'start', missingFileMessage: PRODUCT_MESSAGES.importFileRequired });
      return;
    }
    if (missingAccount) return;

    if (inspection) {
      const request = { accountId: mappingAccountId, kind: 'products' as const, name: saveName, mapping };
      if (!(await saveNamedMapping({ ...request, columns: inspection.columns }, PRODUCT_MESSAGES.importFailed))) return;
      setSaveName('');
    }
    if (!inspection && extensionOf(file.name) === '.txt') {
      // A shop's report (Amazon's .txt) is never our template: read its header for the mapping step first.
      await openMappingStep(file, null);
      return;
    }
    dispatch({ type: 'start', missingFileMessage: PRODUCT_MESSAGES.importFileRequired });
    try {
      // The hook refreshes the list when rows were written.
      const result = await importProducts.mutateAsync({
        file,
        accountId: isClient ? null : accountId,
        options: {
          onProgress: (fraction) => dispatch({ type: 'progress', fraction }),
          notifyOnError: (error) => !shownInDialog(error),
          // Staff name the account; only a client's request takes the selection's defaults.
          bypass_default: !isClient,
        },
        mapping: inspection ? mapping : null,
      });
      setInspection(null);
      if (closesAfterImport(result)) {
        notifySuccess(PRODUCT_MESSAGES.importDone(result.success_count));
        if (result.warning_count > 0) notifyWarning(`${result.warning_count} imported rows have warnings.`);
        dispatch({ type: 'reset' });
        onClose();
        return;
      }
      notifyWarning(
        result.success_count === 0
          ? result.message || PRODUCT_MESSAGES.importFailed
          : PRODUCT_MESSAGES.importWithErrors(result.failure_count),
      );
      dispatch({ type: 'succeeded', result });
    } catch (error) {
      const conversion = error instanceof HttpError && error.status === 422 ? conversionInfoOf(error.data) : null;
      if (conversion) {
        notifyInfo(extensionOf(file.name) === '.numbers' ? PRODUCT_MESSAGES.numbersDetected : conversion.message);
        dispatch({ type: 'needsConversion', info: conversion });
        return;
      }
      // Not our template: show the file's columns to map instead of the error.
      if (!inspection && isUnknownHeader(error) && (await openMappingStep(file, error))) return;
      const message = failureText(error);
      if (shownInDialog(error)) notifyError(message);
      dispatch({ type: 'failed', message });
    }
  };

  /** Reads the file's header for the mapping step; false (and the import's own message shown) when it cannot. */
  const openMappingStep = async (file: File, importError: unknown): Promise<boolean> => {
    try {
      const seen = await inspectProductFile(file, mappingAccountId);
      setMapping(seen.suggested_mapping);
      setSaveName('');
      setInspection(seen);
      if (importError) dispatch({ type: 'failed', message: '' });
      return true;
    } catch (error) {
      if (!importError) notifyError(failureText(error));
      return false;
    }
  };

  const chosenFile = state.kind === 'idle' ? null : state.file;
  const fileError = state.kind === 'idle' || state.kind === 'chosen' ? state.error : null;

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="import-products-title">
      <DialogTitle id="import-products-title">Import Products</DialogTitle>
      <DialogContent dividers>
        {state.kind === 'result' ? (
          <ImportResultView result={state.result} />
        ) : state.kind === 'conversion' ? (
          <Alert severity="info" icon={<InfoOutlinedIcon />} data-testid="conversion-panel">
            <AlertTitle>This file needs converting</AlertTitle>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {state.info.message}
            </Typography>
            <Box component="ol" sx={{ pl: 2.5, my: 1 }}>
              {state.info.instructions.map((step) => (
                <li key={step}>
                  <Typography variant="body2">{step}</Typography>
                </li>
              ))}
            </Box>
            <Typography variant="body2">Supported formats: {state.info.supported_formats.join(', ')}</Typography>
            {state.info.note && (
              <Typography variant="caption" component="p" sx={{ mt: 1 }}>
                {state.info.note}
              </Typography>
            )}
          </Alert>
        ) : (
          <Stack spacing={2.5}>
            <Typography variant="body2" color="text.secondary">
              Columns: {PRODUCT_IMPORT_COLUMNS.join(', ')}. SKU and Product Name are required; a SKU that already exists
              in the account is updated. Barcode is optional (without the column, barcodes stay as they are); a barcode
              another product of the account uses refuses the file.
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="import-kits-help">
              Kind and Components are optional. Kind is standard, bundle or assembled (a blank cell is standard). A
              kit’s Components list its parts as SKU:units per kit separated by semicolons, e.g.{' '}
              <Box component="code" sx={{ fontFamily: 'monospace' }}>
                SKU-A:2;SKU-B:1
              </Box>{' '}
              — standard products of the same account, in the file or already stored. Without these columns the stored
              kinds and components stay as they are; with them, a blank cell means standard and no components. Any kit
              problem refuses the whole file, every bad row named.
            </Typography>
            {!isClient && (
              <AccountSelect
                id="import-account"
                value={accountId}
                onChange={(id) => {
                  setAccountId(id);
                  if (id !== null) setAccountError(undefined);
                }}
                error={accountError}
                disabled={importing}
              />
            )}
            <FileDrop
              rules={FILE_RULES}
              file={chosenFile}
              label="Import file"
              hint="Our template, or your shop's export: Excel (.xlsx, .xls), CSV, Numbers or Amazon .txt, up to 10 MB"
              error={fileError}
              disabled={importing}
              onFileChange={(file) => {
                setInspection(null);
                dispatch(file ? { type: 'choose', file } : { type: 'clear' });
              }}
              onReject={(message) => dispatch({ type: 'reject', message })}
            />
            {inspection && (
              <ImportMappingStep
                inspection={inspection}
                fields={PRODUCT_MAPPING_FIELDS}
                mapping={mapping}
                onChange={(next) => setMapping(next as ProductMapping)}
                specialChoices={productSpecialChoices}
                accountName={null}
                intro={
                  mapping.variant_group
                    ? `Rows with the same ${mapping.variant_group.column} are one product’s variants: a blank name or photo is taken from its first row.`
                    : 'Each row is one product; a SKU the account already has is updated.'
                }
                noun="product"
                saveName={saveName}
                onSaveNameChange={setSaveName}
                canSave={mappingAccountId !== null}
                disabled={importing}
              />
            )}
            {state.kind === 'importing' && (
              <Box>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {state.progress === null ? 'Processing rows…' : `Uploading… ${Math.round(state.progress * 100)}%`}
                </Typography>
                <LinearProgress
                  aria-label="Import progress"
                  variant={state.progress === null ? 'indeterminate' : 'determinate'}
                  value={state.progress === null ? undefined : state.progress * 100}
                />
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, justifyContent: 'space-between' }}>
        <Button startIcon={<DownloadIcon />} onClick={template.download} disabled={template.busy}>
          Download Template
        </Button>
        <Stack direction="row" spacing={1}>
          {state.kind === 'result' || state.kind === 'conversion' ? (
            <>
              <Button onClick={() => dispatch({ type: 'reset' })}>Import another file</Button>
              <Button variant="contained" onClick={close}>
                Close
              </Button>
            </>
          ) : (
            <>
              <Button color="inherit" onClick={close} disabled={importing}>
                Cancel
              </Button>
              <Button variant="contained" onClick={start} disabled={importing || mappingIncomplete}>
                {importing ? 'Importing…' : 'Import'}
              </Button>
            </>
          )}
        </Stack>
      </DialogActions>
    </Dialog>
  );
}
