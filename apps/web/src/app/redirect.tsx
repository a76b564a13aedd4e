import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The route path of the document's hash ("#/pages/x?y=1" is "/pages/x"). */
const hashPath = () => window.location.hash.slice(1).split('?')[0] || '/';

/**
 * Sends the user on from the page it stands on, replacing the entry. A navigation that comes back
 * to this same page before React committed the redirect (a back, a link, a typed URL) leaves
 * React's location as it was, so nothing renders again and react-router's Navigate, which acts only
 * when it mounts, would not fire again: the page stayed blank. So while this is mounted, it
 * redirects again whenever the document's hash returns to its page.
 */
export function Redirect({ to, from }: { to: string; from?: string | undefined }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const go = () => navigate(to, { replace: true, state: from ? { from } : null });
    go();
    const cameBack = () => {
      if (hashPath() === pathname) go();
    };
    window.addEventListener('hashchange', cameBack);
    return () => window.removeEventListener('hashchange', cameBack);
  }, [navigate, to, from, pathname]);
  return null;
}
