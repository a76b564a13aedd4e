import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Overlays close when the user navigates (a link, the browser's back button): a dialog or sheet
 * belongs to the page that opened it and must never stay over the next one.
 *
 * Imperative overlays (dialogs shown through ui/dialog) register here with the address they were
 * opened at; the shell calls closeStaleOverlays after every navigation. The address is read from
 * window.location when the overlay opens, so a dialog that a new page opens while mounting (its
 * effects run before the shell's) counts as the new page's and stays.
 */
interface OpenOverlay {
  openedAt: string;
  close: () => void;
}

const open = new Set<OpenOverlay>();

/** Records an open imperative overlay; answers the function that forgets it once it closed. */
export function trackOverlay(close: () => void): () => void {
  const entry: OpenOverlay = { openedAt: window.location.href, close };
  open.add(entry);
  return () => {
    open.delete(entry);
  };
}

/** Closes every tracked overlay opened at another address than the current one. */
export function closeStaleOverlays(): void {
  const here = window.location.href;
  for (const entry of [...open]) {
    if (entry.openedAt === here) continue;
    open.delete(entry);
    entry.close();
  }
}

/**
 * What identifies a visit: the entry's key and its address. The key alone is not enough: every
 * entry the browser made itself (a typed or reloaded address, a link) has the key "default", so
 * going back from one such entry to another changes only the address.
 */
function useVisit(): string {
  const { key, pathname, search, hash } = useLocation();
  return `${key} ${pathname}${search}${hash}`;
}

/** The shell's half: after each navigation, closes the imperative overlays of the page left. */
export function useCloseOverlaysOnNavigate(): void {
  const visit = useVisit();
  useEffect(() => {
    closeStaleOverlays();
  }, [visit]);
}

/**
 * A declarative overlay's half (ui/sheet): calls `close` when the location changes while it is
 * open. A page whose path changes unmounts anyway; this covers a change of the query or of
 * history alone, where the page stays mounted.
 */
export function useCloseOnNavigate(isOpen: boolean, close: () => void): void {
  const visit = useVisit();
  const seen = useRef(visit);
  const latest = useRef({ isOpen, close });
  useEffect(() => {
    latest.current = { isOpen, close };
  });
  useEffect(() => {
    if (seen.current === visit) return;
    seen.current = visit;
    if (latest.current.isOpen) latest.current.close();
  }, [visit]);
}
