import { useState } from 'react';
import { useSession } from '../../lib/session/use-session';
import type { OrderColumnId } from './components/order-columns';

/** What the user chose per column (true shown, false hidden); columns they never touched follow the defaults. */
type ColumnChoice = Partial<Record<OrderColumnId, boolean>>;

/** Kept per user and per list, in this browser; logout clears it with the rest of local storage. */
const storageKey = (list: string, userId: number) => `wms.orderColumns.${list}.${userId}`;

function readChoice(key: string | null): ColumnChoice {
  if (!key) return {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ColumnChoice) : {};
  } catch {
    return {};
  }
}

function writeChoice(key: string | null, choice: ColumnChoice) {
  if (!key) return;
  try {
    if (Object.keys(choice).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // Storage full or blocked: the choice holds for this page only.
  }
}

export interface OrderColumnChoice {
  isVisible: (id: OrderColumnId) => boolean;
  setVisible: (id: OrderColumnId, visible: boolean) => void;
  /** Back to the defaults of the working context. */
  reset: () => void;
  customised: boolean;
}

/**
 * Which columns of an orders list show. `defaultHidden` depends on the working context (Warehouse inside one
 * warehouse, Account inside one account), so a column the user never chose follows it; their choices win.
 */
export function useOrderColumnChoice(list: string, defaultHidden: ReadonlySet<OrderColumnId>): OrderColumnChoice {
  const { user } = useSession();
  const key = user ? storageKey(list, user.id) : null;
  const [state, setState] = useState(() => ({ key, choice: readChoice(key) }));
  const choice = state.key === key ? state.choice : readChoice(key);
  const save = (next: ColumnChoice) => {
    writeChoice(key, next);
    setState({ key, choice: next });
  };
  return {
    isVisible: (id) => choice[id] ?? !defaultHidden.has(id),
    setVisible: (id, visible) => save({ ...choice, [id]: visible }),
    reset: () => save({}),
    customised: Object.keys(choice).length > 0,
  };
}
