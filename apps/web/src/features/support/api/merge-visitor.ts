import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../../api/session';
import { storedVisitorId } from '../visitor';

/**
 * After login: the visitor conversation of this browser joins the trader's, and the visitor id is
 * forgotten (the next visitor of this browser starts anew). Only a visitor who chatted and then
 * logged in needs the support calls, so they load then, never with the app's first chunk.
 */
export function useMergeVisitorChat(): void {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    const id = storedVisitorId();
    if (!token || !id) return;
    void import('./merge-visitor-run').then(({ mergeVisitor }) => mergeVisitor(id, client));
  }, [token, client]);
}
