import KeyboardDoubleArrowDownIcon from '@mui/icons-material/KeyboardDoubleArrowDown';
import { useQuery } from '@tanstack/react-query';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { replenishmentSummaryQuery } from '../api';
import { StatCard } from './StatCard';

/**
 * Replenishment at a glance for staff: live tasks (open and in progress, urgent ones named) and pick faces whose
 * free units are below min, in the header's warehouse (or all of the user's); opens the Replenish screen.
 */
export function ReplenishmentCard() {
  const { warehouseId } = useWorkingContext();
  const summary = useQuery(replenishmentSummaryQuery(warehouseId));
  const data = summary.data;
  const live = data ? data.open_tasks + data.in_progress_tasks : undefined;
  return (
    <StatCard
      label="Replenishment Tasks"
      value={live}
      caption={
        data
          ? `${data.faces_below_min.toLocaleString()} pick face${data.faces_below_min === 1 ? '' : 's'} below min` +
            (data.urgent_tasks > 0 ? ` · ${data.urgent_tasks} urgent` : '')
          : 'Pick faces kept full from storage'
      }
      icon={<KeyboardDoubleArrowDownIcon />}
      to="/replenishment"
    />
  );
}
