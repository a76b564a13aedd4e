import { create } from 'zustand';

/** localStorage keys of SPEC.md section 3: the token as `{"token": ...}` and the language. */
export const TOKEN_KEY = 'allToken';

function readToken(): string | null {
  try {
    const raw = localStorage.getItem(TOKEN_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { token?: unknown };
    return typeof parsed.token === 'string' && parsed.token ? parsed.token : null;
  } catch {
    return null;
  }
}

interface SessionState {
  token: string | null;
  /**
   * The user ended the session (logout, password change): login should not send them back to the
   * page they were on. An expired session keeps it false, so they return after logging in again.
   */
  endedByUser: boolean;
  signIn(token: string): void;
  signOut(byUser?: boolean): void;
}

export const useSession = create<SessionState>((set) => ({
  token: readToken(),
  endedByUser: false,
  signIn(token) {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token }));
    set({ token, endedByUser: false });
  },
  signOut(byUser = false) {
    localStorage.removeItem(TOKEN_KEY);
    set({ token: null, endedByUser: byUser });
  },
}));

export const currentToken = (): string | null => useSession.getState().token;
