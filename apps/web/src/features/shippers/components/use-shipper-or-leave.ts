import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isPageWordedError } from '../../../lib/api/failure-notice';
import { notifyError } from '../../../lib/notify';
import { shipperQuery } from '../api';

/** Spec 1 §8: a shipper that cannot be loaded shows the page's message and returns to /shippers. */
export function useShipperOrLeave(id: number, failureMessage: string) {
  const navigate = useNavigate();
  const shipper = useQuery({ ...shipperQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const invalidId = !(Number.isInteger(id) && id > 0);
  const failed = invalidId || (shipper.isError && isPageWordedError(shipper.error));

  useEffect(() => {
    if (!failed) return;
    notifyError(failureMessage);
    navigate('/shippers', { replace: true });
  }, [failed, failureMessage, navigate]);

  return shipper;
}
