import { VISITOR_ID_PATTERN } from '@tidemark/contract';

/**
 * The visitor's chat key: random, made once per browser and kept here until login merges the
 * visitor conversation into the trader's (then a new one is made for the next visitor).
 */
export const VISITOR_KEY = 'supportVisitorId';

function randomId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The stored visitor id, if this browser has one. */
export function storedVisitorId(): string | null {
  try {
    const value = localStorage.getItem(VISITOR_KEY);
    return value && VISITOR_ID_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The visitor id of this browser, made on first use. */
export function visitorId(): string {
  const existing = storedVisitorId();
  if (existing) return existing;
  const made = randomId();
  try {
    localStorage.setItem(VISITOR_KEY, made);
  } catch {
    // private mode without storage: the id lives as long as the page
  }
  return made;
}

export function forgetVisitorId(): void {
  try {
    localStorage.removeItem(VISITOR_KEY);
  } catch {
    // nothing stored
  }
}
