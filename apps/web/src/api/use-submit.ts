import { useState } from 'react';
import { ApiError, NetworkError } from './client';

/**
 * Runs a form's action (with what it is given to act on), one at a time, and says whether it is
 * running. A refusal or a network failure has already been shown by the request client, so it ends
 * the action quietly.
 */
export function useSubmit<Args extends unknown[] = []>(
  action: (...args: Args) => Promise<void>,
): [busy: boolean, submit: (...args: Args) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const submit = async (...args: Args) => {
    if (busy) return;
    setBusy(true);
    try {
      await action(...args);
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
    } finally {
      setBusy(false);
    }
  };
  return [busy, submit];
}
