import { useEffect } from 'react';
import { useSession } from '../../../api/session';
import { currentLanguage } from '../../../ui/i18n';

/**
 * At every sign-in, wherever it leads, tells the server the app's language, so the system mail it
 * writes is in it (the language page tells it of each change). Mounted once, by the app's shell;
 * the call loads with the content calls, not with the first chunk.
 */
export function useLanguageSync(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    void import('./content-queries')
      .then(({ tellServerLanguage }) => tellServerLanguage(currentLanguage()))
      .catch(() => undefined);
  }, [token]);
}
