import { favouriteCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../test/envelopes';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

const list = async (token: string) =>
  expectOk(await server.call(favouriteCalls.findFavourites, {}, { token })).symbols;
const star = (token: string, symbol: string, favourite: number | string) =>
  server.call(favouriteCalls.updateFavourite, { symbol, favourite } as never, { token });

describe('favourite pairs', () => {
  it('start empty, keep the order they were starred in and answer the whole list', async () => {
    const { token } = await server.register();
    expect(await list(token)).toEqual([]);
    expect(expectOk(await star(token, 'ETH/USDT', 1)).symbols).toEqual(['ETH/USDT']);
    server.clock.advance(1_000);
    // Lower case is the same pair; a form sends the flag as text.
    expect(expectOk(await star(token, 'btc/usdt', '1')).symbols).toEqual(['ETH/USDT', 'BTC/USDT']);
    expect(await list(token)).toEqual(['ETH/USDT', 'BTC/USDT']);
  });

  it('change nothing when set again, and unstar', async () => {
    const { token } = await server.register();
    await star(token, 'SOL/USDT', 1);
    server.clock.advance(1_000);
    await star(token, 'BTC/USDT', 1);
    server.clock.advance(1_000);
    // Starring again keeps its first place; unstarring what is not starred is no error.
    expect(expectOk(await star(token, 'SOL/USDT', 1)).symbols).toEqual(['SOL/USDT', 'BTC/USDT']);
    expect(expectOk(await star(token, 'SOL/USDT', 0)).symbols).toEqual(['BTC/USDT']);
    expect(expectOk(await star(token, 'ETH/USDT', 0)).symbols).toEqual(['BTC/USDT']);
  });

  it("are each trader's own", async () => {
    const a = await server.register();
    const b = await server.register();
    await star(a.token, 'DOGE/USDT', 1);
    expect(await list(a.token)).toEqual(['DOGE/USDT']);
    expect(await list(b.token)).toEqual([]);
  });

  it('refuse a pair that is not configured, a bad flag and a visitor, never with a 500', async () => {
    const { token } = await server.register();
    expect(await star(token, 'XYZ/USDT', 1)).toMatchObject({
      status: '400',
      code: 'currencyNotOpen',
      enMsg: 'This currency is not open for trading, please reselect',
    });
    expect(await star(token, 'BTCUSDT', 1)).toMatchObject({ code: 'currencyNotOpen' });
    expect(await star(token, 'BTC/USDT', 2)).toMatchObject({ status: '400', code: 'invalidInput' });
    expect(await star(token, 'BTC/USDT', 'yes')).toMatchObject({ code: 'invalidInput' });
    expect(await star(token, '', 1)).toMatchObject({ code: 'requiredItems' });
    expect(await list(token)).toEqual([]);
    expect(await server.call(favouriteCalls.findFavourites, {})).toMatchObject({
      status: '401',
      code: 'notLoggedIn',
    });
    expect(
      await server.call(favouriteCalls.updateFavourite, { symbol: 'BTC/USDT', favourite: 1 }),
    ).toMatchObject({ status: '401' });
  });
});
