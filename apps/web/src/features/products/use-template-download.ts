import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { downloadProductTemplate } from './api';

/** The template button's action with its spec §8 messages. */
export function useTemplateDownload() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadProductTemplate();
      notifySuccess('Template downloaded successfully');
    } catch {
      notifyError('Error downloading template');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
