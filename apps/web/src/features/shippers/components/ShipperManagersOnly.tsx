import { ERRORS } from '@wms/contract/messages';
import type { ReactNode } from 'react';
import { RedirectWithMessage } from '../../../components/RedirectWithMessage';
import { useSession } from '../../../lib/session/use-session';
import { canManageShippers } from '../shipper-permissions';

/** The create and edit pages: whoever may not make that change is told so and sent back to the list. */
export function ShipperManagersOnly({ action, children }: { action: 'create' | 'edit'; children: ReactNode }) {
  const { user } = useSession();
  if (!canManageShippers(user, action)) return <RedirectWithMessage to="/shippers" message={ERRORS.forbiddenPage} />;
  return children;
}
