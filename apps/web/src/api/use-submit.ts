import { useState } from 'react';
import { ApiError, NetworkError } from './client';

/**
 * Runs a form's action, one at a time, and says whether it is running. A refusal or a network
 * failure has already been shown by the request client, so it ends the action quietly.
 */
export function useSubmit(
  action: () => Promise<void>,
): [busy: boolean, submit: () => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
    } finally {
      setBusy(false);
    }
  };
  return [busy, submit];
}
