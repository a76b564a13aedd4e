import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Hub, userChannel } from './hub';

/** A socket that records what the hub sends it. */
function socket(): WebSocket & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send: (data: Buffer) => void sent.push(data.toString('utf8')),
    close: () => undefined,
  } as unknown as WebSocket & { sent: string[] };
}

describe('the hub per channel', () => {
  it('tells its watcher when a channel gains its first client and loses its last', () => {
    const hub = new Hub();
    const events: [string, boolean][] = [];
    hub.watchChannels((channel, active) => events.push([channel, active]));
    const one = hub.add(socket(), { id: 7, sessionId: 1 });
    const two = hub.add(socket(), null);
    hub.subscribe(one, ['tickers', 'user', 'depth.BTC/USDT']);
    hub.subscribe(two, ['tickers']);
    hub.subscribe(two, ['tickers']); // twice: still one membership
    expect(events).toEqual([
      ['tickers', true],
      [userChannel(7), true],
      ['depth.BTC/USDT', true],
    ]);
    hub.unsubscribe(one, ['tickers', 'tickers', 'trades.BTC/USDT']);
    expect(events).toHaveLength(3); // two still listens to tickers
    hub.remove(one);
    expect(events.slice(3)).toEqual([
      [userChannel(7), false],
      ['depth.BTC/USDT', false],
    ]);
    hub.remove(two);
    hub.remove(two); // a socket's close after a disconnect: nothing twice
    expect(events.slice(5)).toEqual([['tickers', false]]);
    expect([...hub.activeChannels()]).toEqual([]);
  });

  it('frames an event serialised elsewhere exactly as one it serialises itself', () => {
    const hub = new Hub();
    const a = socket();
    const client = hub.add(a, { id: 3, sessionId: 9 });
    hub.subscribe(client, ['user', 'tickers']);
    const data = { event: 'balance', available: '1.00000000', list: [1, 'x'] };
    hub.publish(userChannel(3), data);
    hub.publishJson(userChannel(3), JSON.stringify(data));
    hub.publish('tickers', null);
    hub.publishJson('tickers', 'null');
    expect(a.sent[0]).toBe(a.sent[1]);
    expect(JSON.parse(a.sent[0]!)).toEqual({ channel: 'user', data });
    expect(a.sent[2]).toBe(a.sent[3]);
    expect(hub.publishJson('trades.BTC/USDT', '{}')).toBe(0);
  });
});
