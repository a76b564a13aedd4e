/**
 * The server's clock as seen from here. newsign is a 20-second code, so a phone whose clock is off
 * by half a minute would be refused; every answer carries x-server-time and we keep the offset.
 */
let offsetMs = 0;

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Updates the offset from an answer; true when it moved enough to matter for newsign. */
export function observeServerTime(
  header: string | null,
  sentAt: number,
  receivedAt: number,
): boolean {
  const serverTime = Number(header);
  if (!header || !Number.isFinite(serverTime)) return false;
  const next = serverTime - (sentAt + receivedAt) / 2;
  const moved = Math.abs(next - offsetMs) > 5_000;
  offsetMs = next;
  return moved;
}
