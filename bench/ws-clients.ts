// The client side of bench/ws.ts, in its own process so the server's event loop is the server's:
// opens N websockets, subscribes (Tidemark) or just listens (raw), and reports delivery latencies.
import WebSocket from 'ws';

const [url, countText, channel] = process.argv.slice(2) as [string, string, string];
const count = Number(countText);
const tidemark = channel !== '-';
const now = () => performance.timeOrigin + performance.now();

let latencies: number[] = [];
let received = 0;
const sockets: WebSocket[] = [];

function handle(raw: WebSocket.RawData) {
  const text = raw.toString();
  if (text === 'success') return;
  const frame = JSON.parse(text) as { channel?: string; data?: { sentAt?: number } };
  const sentAt = frame.data?.sentAt;
  if (typeof sentAt !== 'number') return;
  received++;
  latencies.push(now() - sentAt);
}

await Promise.all(
  Array.from({ length: count }, () => {
    return new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(socket);
      socket.on('error', reject);
      socket.on('message', (raw) => {
        if (tidemark && raw.toString() === 'success') {
          socket.send(JSON.stringify({ type: 'sub', channels: [channel] }));
          socket.send(JSON.stringify({ type: 1 }));
          return;
        }
        if (tidemark && raw.toString().includes('"heartbeat"')) {
          resolve();
          return;
        }
        handle(raw);
      });
      if (!tidemark) socket.on('open', () => resolve());
    });
  }),
);
process.send!({ ready: true });

// Every message is answered once, after the report (when asked) is taken.
process.on('message', (message: { report?: boolean; reset?: boolean; close?: boolean }) => {
  if (message.report) {
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    process.send!({ received, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN });
  } else {
    process.send!({ ok: true });
  }
  if (message.reset) {
    latencies = [];
    received = 0;
  }
  if (message.close) {
    for (const socket of sockets) socket.terminate();
    setTimeout(() => process.exit(0), 50);
  }
});
