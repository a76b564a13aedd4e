import { useQueryClient } from '@tanstack/react-query';
import { supportCalls } from '@tidemark/contract';
import { useEffect } from 'react';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { forgetVisitorId, storedVisitorId } from '../visitor';

/**
 * After login: the visitor conversation of this browser joins the trader's, and the visitor id is
 * forgotten (the next visitor of this browser starts anew).
 */
export function useMergeVisitorChat(): void {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    const id = storedVisitorId();
    if (!token || !id) return;
    void request(supportCalls.mergeVisitor, { visitorId: id }, { quiet: true }).then(
      () => {
        forgetVisitorId();
        void client.invalidateQueries({ queryKey: ['support'] });
      },
      () => undefined,
    );
  }, [token, client]);
}
