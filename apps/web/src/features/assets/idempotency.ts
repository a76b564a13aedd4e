import { ApiError } from '../../api/client';

/**
 * Idempotency keys for money-moving calls (DESIGN.md sections 1.5 and 4): one key per user action,
 * so a request retried after a lost answer cannot move the money twice.
 */

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A random version-4 UUID. crypto.randomUUID exists only in secure contexts (https, localhost);
 * a self-hosted server reached over plain http on a LAN still has getRandomValues.
 */
export function newIdempotencyKey(source: RandomSource | undefined = globalThis.crypto): string {
  if (source?.randomUUID) return source.randomUUID();
  const bytes = new Uint8Array(16);
  if (source?.getRandomValues) source.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface KeyKeeper {
  /** The key for an action on this input: the same one while the last try's outcome is unknown. */
  keyFor(fingerprint: string): string;
  /** The server answered (done or refused): the next press is a new action with a new key. */
  settle(): void;
  /**
   * Makes the call with the action's key and settles once the server answered, a result or a
   * refusal (`onAnswered` then runs too, e.g. to close the confirmation sheet); an answer that was
   * lost keeps the key for the retry. The call's result or error comes back as it was.
   */
  send<T>(
    fingerprint: string,
    call: (idempotencyKey: string) => Promise<T>,
    onAnswered?: () => void,
  ): Promise<T>;
}

/**
 * Keeps one key per action. A press whose answer was lost (network failure, time-out) may have
 * been applied, so pressing again with the same input reuses its key and the server answers the
 * first result; a changed input or an answered press starts a new action.
 */
export function createKeyKeeper(generate: () => string = newIdempotencyKey): KeyKeeper {
  let pending: { fingerprint: string; key: string } | null = null;
  const keyFor = (fingerprint: string) => {
    if (pending?.fingerprint !== fingerprint) pending = { fingerprint, key: generate() };
    return pending.key;
  };
  const settle = () => {
    pending = null;
  };
  return {
    keyFor,
    settle,
    async send(fingerprint, call, onAnswered) {
      let result;
      try {
        result = await call(keyFor(fingerprint));
      } catch (error) {
        if (error instanceof ApiError) {
          settle();
          onAnswered?.();
        }
        throw error;
      }
      settle();
      onAnswered?.();
      return result;
    },
  };
}
