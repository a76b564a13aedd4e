import { commonCalls } from '@tidemark/contract';
import { call, signedUrl } from '../../api/client';
import { currentToken } from '../../api/session';

export interface SpeedResult {
  /** Round trips of a small API call, in ms; null where it failed. */
  samples: (number | null)[];
  averageMs: number | null;
  jitterMs: number | null;
  /** Websocket open-to-`success` time in ms; null when it could not connect. */
  socketMs: number | null;
}

export type Rating = 'excellent' | 'good' | 'fair' | 'poor' | 'offline';

export function rate(averageMs: number | null): Rating {
  if (averageMs === null) return 'offline';
  if (averageMs < 100) return 'excellent';
  if (averageMs < 300) return 'good';
  if (averageMs < 800) return 'fair';
  return 'poor';
}

async function apiRoundTrip(): Promise<number | null> {
  const started = performance.now();
  try {
    await call(commonCalls.findTimeTrade, {}, { quiet: true });
    return Math.round(performance.now() - started);
  } catch {
    return null;
  }
}

async function socketHandshake(timeoutMs = 10_000): Promise<number | null> {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const path = await signedUrl('/ws', {
    token: currentToken() ?? '',
    localtimes: String(Date.now()),
  });
  return new Promise((resolve) => {
    const started = performance.now();
    let socket: WebSocket;
    try {
      socket = new WebSocket(`${scheme}://${window.location.host}${path}`);
    } catch {
      resolve(null);
      return;
    }
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(value: number | null) {
      clearTimeout(timer);
      socket.close();
      resolve(value);
    }
    socket.onmessage = (event) => {
      if (event.data === 'success') finish(Math.round(performance.now() - started));
    };
    socket.onerror = () => finish(null);
    socket.onclose = () => finish(null);
  });
}

/** Measures the connection to this server: API latency and jitter, websocket handshake. */
export async function runSpeedTest(
  onSample: (samples: (number | null)[]) => void,
  count = 6,
): Promise<SpeedResult> {
  const samples: (number | null)[] = [];
  for (let i = 0; i < count; i++) {
    samples.push(await apiRoundTrip());
    onSample([...samples]);
  }
  const ok = samples.filter((s): s is number => s !== null);
  const averageMs = ok.length ? Math.round(ok.reduce((a, b) => a + b, 0) / ok.length) : null;
  const jitterMs =
    ok.length > 1
      ? Math.round(
          ok.slice(1).reduce((acc, s, i) => acc + Math.abs(s - ok[i]!), 0) / (ok.length - 1),
        )
      : null;
  const socketMs = await socketHandshake();
  return { samples, averageMs, jitterMs, socketMs };
}
