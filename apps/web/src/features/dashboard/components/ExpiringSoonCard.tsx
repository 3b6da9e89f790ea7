import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import type { Dashboard } from '@wms/contract/dashboard';
import { EXPIRING_SOON_DAYS } from '@wms/contract/inventory';
import { StatCard } from './StatCard';

/**
 * Lots expiring within 30 days (expired ones included) and their units, in the working context; opens
 * the inventory list filtered to the rows holding them.
 */
export function ExpiringSoonCard({ expiring }: { expiring: Dashboard['inventory']['expiring_soon'] | undefined }) {
  return (
    <StatCard
      label="Lots Expiring Soon"
      value={expiring?.lots}
      caption={expiring ? `${expiring.units.toLocaleString()} units within ${expiring.days} days` : undefined}
      icon={<EventBusyOutlined />}
      to={`/inventories?expiring=${expiring?.days ?? EXPIRING_SOON_DAYS}`}
    />
  );
}
