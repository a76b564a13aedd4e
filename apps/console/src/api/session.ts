import { useSyncExternalStore } from 'react';

/**
 * The operator's bearer token lives in sessionStorage: it ends with the browser tab, and it never
 * mixes with a trader's token (localStorage `allToken`) of the app on the same origin.
 */
export const TOKEN_KEY = 'console.token';

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

let token: string | null = readToken();
/** Whether the last session ended because the server no longer accepted it (not a logout). */
let expired = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function currentToken(): string | null {
  return token;
}

export function signIn(next: string): void {
  sessionStorage.setItem(TOKEN_KEY, next);
  token = next;
  expired = false;
  emit();
}

/** Ends the session; `expiredByServer` when the server refused the token ('401'). */
export function signOut(expiredByServer = false): void {
  sessionStorage.removeItem(TOKEN_KEY);
  token = null;
  expired = expiredByServer;
  emit();
}

/** True when the login form is shown because the session expired or was revoked. */
export function sessionExpired(): boolean {
  return expired;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current token, re-rendering when the operator signs in or out. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, currentToken, currentToken);
}
