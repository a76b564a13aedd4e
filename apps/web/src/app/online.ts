import { commonCalls, TIMING } from '@tidemark/contract';
import { useEffect } from 'react';
import { call } from '../api/client';
import { useSession } from '../api/session';

/** findOnline every 5 s while logged in (SPEC.md section 9); it also keeps our clock in step. */
export function useOnlineHeartbeat(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const beat = () => {
      if (document.visibilityState === 'visible') {
        call(commonCalls.findOnline, {}, { quiet: true }).catch(() => undefined);
      }
    };
    beat();
    const timer = setInterval(beat, TIMING.onlinePollMs);
    return () => clearInterval(timer);
  }, [token]);
}
