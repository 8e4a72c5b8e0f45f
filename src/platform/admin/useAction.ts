import { useState } from 'react';
import { notify } from '~/platform/ui/notify';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { useAdminErrorHandler } from './api';

/**
 * Runs one admin change: POSTs it, shows the success toast, and refreshes the lists. A 409
 * (someone else changed the record first) also refreshes, so the buttons match the record.
 */
export function useAction(onChanged: () => void) {
  const onError = useAdminErrorHandler();
  const [busy, setBusy] = useState(false);
  const run = async (url: string, body: unknown, success: string, errorKey: string) => {
    setBusy(true);
    try {
      await apiRequest('POST', url, body);
      void notify('success', success);
      onChanged();
    } catch (error) {
      onError(error, errorKey);
      if (error instanceof ApiError && error.status === 409) onChanged();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
