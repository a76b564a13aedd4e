import { marketCalls, parseMoney, spotCalls, userCalls } from '@tidemark/contract';
import { expect } from 'vitest';
import { systemAccount, userAccount } from '../../ledger/accounts';
import type { TestServer } from '../../test/harness';

type Input = Record<string, unknown>;

/**
 * The spot calls as the spot tests make them, against the server `server()` answers (each test
 * file starts its own in beforeAll). Orders go as the apps send them, each with an Idempotency-Key
 * of its own; pass a key to repeat one, or null to send none (a client built from SPEC.md).
 */
export function spotTestKit(server: () => TestServer, keyPrefix: string) {
  let keys = 0;
  const key = () => `${keyPrefix}-${process.pid}-${++keys}`;

  function order(
    def: typeof spotCalls.insertCoinOrder | typeof spotCalls.sellCoinOrder,
    token: string,
    input: Input,
    idempotencyKey: string | null = key(),
  ) {
    return server().call(def, input as never, {
      token,
      ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
    });
  }

  return {
    key,
    buy: (token: string, input: Input, k?: string | null) =>
      order(spotCalls.insertCoinOrder, token, input, k),
    sell: (token: string, input: Input, k?: string | null) =>
      order(spotCalls.sellCoinOrder, token, input, k),
    /** Gives a user demo coins from the demo treasury (for tests without a market maker). */
    async grant(token: string, currency: string, amount: string) {
      const { app } = server();
      const info = await server().call(userCalls.findUserInfo, {}, { token });
      const units = parseMoney(amount);
      await app.writer.run((trx) =>
        app.ledger.post(trx, {
          type: 'demo-funding',
          reference: `test-grant:${info.data.id}`,
          postings: [
            { account: systemAccount('demo', 'treasury', currency), amount: -units },
            { account: userAccount(info.data.id, 'demo', 'coin', currency), amount: units },
          ],
        }),
      );
    },
    /** The book as a visitor (the real book) or as the user of `token` (that user's mode) sees it. */
    async book(symbol = 'BTC/USDT', depth = 50, token?: string) {
      const answer = await server().call(marketCalls.getEntrustData, { symbol, depth }, { token });
      expect(answer.status).toBe(1);
      return answer.data;
    },
  };
}
