import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../lib/notify';

interface RedirectWithMessageProps {
  to: string;
  message: string;
}

/** Shows an error notification once and replaces the current history entry (the guard's denial path). */
export function RedirectWithMessage({ to, message }: RedirectWithMessageProps) {
  const navigate = useNavigate();
  useEffect(() => {
    notifyError(message);
    navigate(to, { replace: true });
  }, [navigate, to, message]);
  return null;
}
