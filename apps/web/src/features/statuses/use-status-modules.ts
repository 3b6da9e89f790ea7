import { useQuery } from '@tanstack/react-query';
import { STATUS_MODULES } from '@wms/contract/order-lifecycle';
import { STATUS_MESSAGES } from '@wms/contract/statuses';
import { useFailureNotice } from '../../lib/use-failure-notice';
import { statusModulesQuery } from './api';

/**
 * The module key → label map from the server. Until it answers (or if it fails, after 'Failed to load modules')
 * the contract's own map stands in, so filters and forms still work.
 */
export function useStatusModules(): Record<string, string> {
  const modules = useQuery(statusModulesQuery());
  useFailureNotice(modules.error, STATUS_MESSAGES.loadModulesFailed);
  return modules.data ?? STATUS_MODULES;
}
