import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { RETURN_DISPOSITIONS, RETURN_REASON_LABELS, type Return, type ReturnDisposition } from '@wms/contract/returns';
import { useState } from 'react';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { findLocationByCode, useReceiveReturn } from '../api';
import { DISPOSITION_LABELS, dispositionNeedsLocation } from '../dispositions';
import { newPart, partsTotal, type ReceiptPart, receiptRows } from '../receipt-rows';

interface ReceiveLinesFormProps {
  ret: Return;
  onDone: (received: Return) => void;
  onLeave: () => void;
}

/**
 * The phone's receipt of one return: per line not yet received, the units back split by disposition (restocked
 * into a scanned bin, quarantine into a scanned quarantine location, not restocked with why), lot and expiry for
 * tracked products. Announced units no part names come back `missing` (the server records them so).
 */
export function ReceiveLinesForm({ ret, onDone, onLeave }: ReceiveLinesFormProps) {
  const receive = useReceiveReturn();
  const open = ret.lines.filter((line) => !line.received);
  const [parts, setParts] = useState<Record<number, ReceiptPart[]>>(() =>
    Object.fromEntries(open.map((line) => [line.id, [newPart(line.quantity)]])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);

  const change = (lineId: number, key: number, patch: Partial<ReceiptPart>) =>
    setParts((previous) => ({
      ...previous,
      [lineId]: (previous[lineId] ?? []).map((part) => (part.key === key ? { ...part, ...patch } : part)),
    }));

  const submit = async () => {
    setErrors({});
    setProblem(null);
    const chosen = open.map((line) => ({ line, parts: parts[line.id] ?? [] }));
    // Scanned codes to location ids, once each; an unknown code is said on its field before anything is sent.
    const codes = new Set<string>();
    for (const { parts: lineParts } of chosen)
      for (const part of lineParts)
        if (dispositionNeedsLocation(part.disposition) && part.locationCode.trim())
          codes.add(part.locationCode.trim().toUpperCase());
    const locations = new Map<string, number>();
    const unknown: Record<string, string> = {};
    setResolving(true);
    try {
      for (const code of codes) {
        const location = await findLocationByCode(ret.warehouse.id, code);
        if (location) locations.set(code, location.id);
      }
    } catch (failure) {
      setProblem(failureMessage(failure, 'The locations could not be looked up.'));
      return;
    } finally {
      setResolving(false);
    }
    for (const { parts: lineParts } of chosen)
      for (const part of lineParts) {
        if (!dispositionNeedsLocation(part.disposition) || Number(part.quantity) <= 0) continue;
        const code = part.locationCode.trim().toUpperCase();
        if (!code) unknown[`${part.key}.location_id`] = 'Scan the location the units go to';
        else if (!locations.has(code)) unknown[`${part.key}.location_id`] = `No active location ${code} here`;
      }
    if (Object.keys(unknown).length > 0) return setErrors(unknown);
    const rows = receiptRows(chosen, locations);
    if (rows.length === 0) {
      setProblem('Enter the units that came back (or mark them missing).');
      return;
    }
    try {
      const answer = await receive.mutateAsync({ id: ret.id, body: { lines: rows.map((r) => r.row) } });
      onDone(answer.data);
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 422 && Object.keys(failure.fieldErrors).length > 0) {
        const placed: Record<string, string> = {};
        const loose: string[] = [];
        for (const [field, messages] of Object.entries(failure.fieldErrors)) {
          const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
          const row = match ? rows[Number(match[1])] : undefined;
          if (row && match) placed[`${row.partKey}.${match[2]}`] = messages.join(', ');
          else loose.push(messages.join(', '));
        }
        setErrors(placed);
        if (loose.length > 0) setProblem(loose.join('\n'));
      } else {
        setProblem(failureMessage(failure, 'The return could not be received.'));
      }
    }
  };

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h6" component="h2">
          {ret.rma_number}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ret.order ? `Order ${ret.order.order_number}` : 'Unidentified'} · {ret.account.name}
          {ret.tracking_number ? ` · ${ret.tracking_number}` : ''}
        </Typography>
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      {open.length === 0 && <Alert severity="info">Every line of this return is received.</Alert>}
      {open.map((line) => {
        const lineParts = parts[line.id] ?? [];
        const total = partsTotal(lineParts);
        const tracks = line.product.track_lots || line.product.track_expiry;
        return (
          <Card key={line.id} variant="outlined" data-testid={`receive-line-${line.product.sku}`}>
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {line.product.sku}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {line.product.name} · {line.quantity} announced · {RETURN_REASON_LABELS[line.reason]}
              </Typography>
              <Stack spacing={2} sx={{ mt: 2 }}>
                {lineParts.map((part, index) => {
                  const err = (field: string) => errors[`${part.key}.${field}`];
                  const n = index + 1;
                  return (
                    <Stack key={part.key} spacing={1.5} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                        <TextField
                          label={`Units ${n}`}
                          type="number"
                          value={part.quantity}
                          onChange={(event) => change(line.id, part.key, { quantity: event.target.value })}
                          error={Boolean(err('quantity'))}
                          helperText={err('quantity')}
                          slotProps={{ htmlInput: { min: 0, max: line.quantity, inputMode: 'numeric' } }}
                          sx={{ width: 96, flexShrink: 0 }}
                        />
                        <TextField
                          select
                          label={`Disposition ${n}`}
                          value={part.disposition}
                          onChange={(event) =>
                            change(line.id, part.key, { disposition: event.target.value as ReturnDisposition })
                          }
                          error={Boolean(err('disposition'))}
                          helperText={err('disposition')}
                          sx={{ flex: 1, minWidth: 0 }}
                        >
                          {RETURN_DISPOSITIONS.filter((d) => d !== 'missing').map((d) => (
                            <MenuItem key={d} value={d}>
                              {DISPOSITION_LABELS[d]}
                            </MenuItem>
                          ))}
                        </TextField>
                        {lineParts.length > 1 && (
                          <IconButton
                            aria-label={`Remove part ${n} of ${line.product.sku}`}
                            onClick={() =>
                              setParts((previous) => ({
                                ...previous,
                                [line.id]: (previous[line.id] ?? []).filter((p) => p.key !== part.key),
                              }))
                            }
                            sx={{ width: 48, height: 48 }}
                          >
                            <DeleteOutlineIcon />
                          </IconButton>
                        )}
                      </Stack>
                      {dispositionNeedsLocation(part.disposition) && (
                        <TextField
                          label={part.disposition === 'restocked' ? `Scan bin ${n}` : `Scan quarantine location ${n}`}
                          value={part.locationCode}
                          onChange={(event) => change(line.id, part.key, { locationCode: event.target.value })}
                          error={Boolean(err('location_id'))}
                          helperText={err('location_id')}
                          slotProps={{
                            htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
                          }}
                        />
                      )}
                      {dispositionNeedsLocation(part.disposition) && tracks && (
                        <Stack direction="row" spacing={1}>
                          <TextField
                            label={`Lot ${n}`}
                            value={part.lot}
                            onChange={(event) => change(line.id, part.key, { lot: event.target.value })}
                            error={Boolean(err('lot'))}
                            helperText={err('lot')}
                            sx={{ flex: 1, minWidth: 0 }}
                          />
                          {line.product.track_expiry && (
                            <TextField
                              label={`Expiry ${n}`}
                              type="date"
                              value={part.expiry}
                              onChange={(event) => change(line.id, part.key, { expiry: event.target.value })}
                              error={Boolean(err('expiry'))}
                              helperText={err('expiry')}
                              slotProps={{ inputLabel: { shrink: true } }}
                              sx={{ flex: 1, minWidth: 0 }}
                            />
                          )}
                        </Stack>
                      )}
                      {part.disposition === 'not_restocked' && (
                        <TextField
                          label={`Why not restocked ${n}`}
                          value={part.note}
                          onChange={(event) => change(line.id, part.key, { note: event.target.value })}
                          error={Boolean(err('note'))}
                          helperText={err('note')}
                        />
                      )}
                    </Stack>
                  );
                })}
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography
                    variant="body2"
                    color={total > line.quantity ? 'error' : 'text.secondary'}
                    data-testid="line-total"
                  >
                    {total} of {line.quantity} back
                    {total < line.quantity ? ` · ${line.quantity - total} missing` : ''}
                  </Typography>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    onClick={() =>
                      setParts((previous) => ({
                        ...previous,
                        [line.id]: [...(previous[line.id] ?? []), newPart(0, 'processing_required')],
                      }))
                    }
                  >
                    Split
                  </Button>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        );
      })}
      <Stack direction="row" spacing={2}>
        <Button onClick={onLeave} color="inherit" sx={{ minHeight: 48 }}>
          Back to scan
        </Button>
        {open.length > 0 && (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={receive.isPending || resolving}
            sx={{ flex: 1, minHeight: 48 }}
          >
            Receive
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
