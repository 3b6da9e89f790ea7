import { Alert, Box, Button, Card, CardContent, List, ListItemButton, ListItemText, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { Return, ReturnSummary } from '@wms/contract/returns';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { findOrders, findReturns, returnQuery } from '../api';
import { ReceiveLinesForm } from '../components/ReceiveLinesForm';
import { UnidentifiedForm } from '../components/UnidentifiedForm';

const RECEIVABLE = new Set(['announced', 'in_transit']);

type Stage =
  | { kind: 'scan' }
  | { kind: 'choose'; returns: ReturnSummary[] }
  | { kind: 'receive'; ret: Return }
  | { kind: 'blind'; code: string; order: { id: number; number: string } | null }
  | { kind: 'unidentified' };

/**
 * /returns/receive, receiving on the phone: scan the RMA, order or tracking number → the return's lines → units and
 * a disposition per part → the server's receive. A scan matching no return offers the order found by that number
 * (announce its return, then receive it) or an unidentified return into quarantine.
 */
export function ReceiveReturnsPage() {
  const { user } = useSession();
  const { warehouse } = useWorkingContext();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'scan' });
  const [done, setDone] = useState<string | null>(null);

  const open = async (id: number) => {
    const ret = await queryClient.fetchQuery({ ...returnQuery(id), staleTime: 0 });
    setStage({ kind: 'receive', ret });
    return ret;
  };

  const scan = async (code: string): Promise<ScanOutcome> => {
    setDone(null);
    try {
      const found = await findReturns(code);
      const receivable = found.data.filter((r) => RECEIVABLE.has(r.status));
      if (receivable.length === 1) {
        const ret = await open(receivable[0]!.id);
        return { status: 'success', message: `${ret.rma_number}: ${ret.lines.length} line(s)` };
      }
      if (receivable.length > 1) {
        setStage({ kind: 'choose', returns: receivable });
        return { status: 'success', message: `${receivable.length} returns match ${code}: choose one` };
      }
      const orders = await findOrders(code);
      const match = orders.data.find(
        (o) => o.type !== 'merge_item' && o.order_number?.toLowerCase() === code.toLowerCase(),
      );
      // A parcel of an order whose earlier returns are done is a blind return of that order.
      setStage({ kind: 'blind', code, order: match ? { id: match.id, number: match.order_number ?? code } : null });
      const first = found.data[0];
      if (first)
        return {
          status: 'warning',
          message: `${first.rma_number} is ${first.status.replace('_', ' ')}: nothing left to receive`,
        };
      return { status: 'not-found', message: `No return matches ${code}` };
    } catch (failure) {
      return { status: 'not-found', message: failureMessage(failure, 'The scan could not be looked up.') ?? '' };
    }
  };

  const received = (ret: Return) => {
    const missing = ret.lines.reduce((sum, line) => sum + line.quantity_missing, 0);
    setDone(
      `${ret.rma_number} received: ${ret.units_received} unit${ret.units_received === 1 ? '' : 's'}${missing ? `, ${missing} missing` : ''}`,
    );
    setStage({ kind: 'scan' });
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title="Receive returns" subtitle={warehouse?.name} />
      {!warehouse && <Alert severity="info">Choose a warehouse in the header.</Alert>}
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {warehouse && (
        <Card>
          <CardContent>
            {stage.kind === 'receive' ? (
              <ReceiveLinesForm
                key={stage.ret.id}
                ret={stage.ret}
                onDone={received}
                onLeave={() => setStage({ kind: 'scan' })}
              />
            ) : stage.kind === 'unidentified' ? (
              <UnidentifiedForm
                warehouseId={warehouse.id}
                onDone={received}
                onLeave={() => setStage({ kind: 'scan' })}
              />
            ) : (
              <>
                <ScanField
                  label="Scan RMA, order or tracking number"
                  emptyMessage="Scan the RMA label, the order number or the parcel's tracking number"
                  onScan={scan}
                />
                {stage.kind === 'choose' && (
                  <List aria-label="Matching returns">
                    {stage.returns.map((r) => (
                      <ListItemButton key={r.id} onClick={() => void open(r.id)} sx={{ minHeight: 48 }}>
                        <ListItemText
                          primary={r.rma_number}
                          secondary={`${r.order?.order_number ?? 'Unidentified'} · ${r.units_announced} units`}
                        />
                      </ListItemButton>
                    ))}
                  </List>
                )}
                {stage.kind === 'blind' && (
                  <Stack spacing={1.5}>
                    <Alert severity="warning">No announced return matches {stage.code}.</Alert>
                    {stage.order && hasPermission(user, 'create returns') && (
                      <Button
                        variant="outlined"
                        component={RouterLink}
                        to={`/orders/${stage.order.id}/return`}
                        sx={{ minHeight: 48 }}
                      >
                        Announce a return of order {stage.order.number}, then receive it
                      </Button>
                    )}
                    <Button
                      variant="outlined"
                      onClick={() => setStage({ kind: 'unidentified' })}
                      sx={{ minHeight: 48 }}
                    >
                      Receive as unidentified return
                    </Button>
                  </Stack>
                )}
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
