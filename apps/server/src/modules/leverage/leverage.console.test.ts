import {
  assetsCalls,
  leverageCalls as c,
  leverageConsoleCalls as lc,
  type ConsoleCallDef,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  newOperator,
  startConsoleServer,
} from '../console/console.test-support';
import { leverageFeedEnv, leverageTrader, refused } from './leverage.test-kit';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startConsoleServer(leverageFeedEnv()));
});
afterAll(() => server.close());

describe('contract terms and tiers in the console', () => {
  it('changes the terms for later positions only, audited with before and after', async () => {
    const trader = await leverageTrader(server);
    const first = (
      await server.call(
        c.insert,
        { symbol: 'ETH/USDT', direction: 'long', lots: 1, multiple: 1 },
        { token: trader.token },
      )
    ).data;
    const listed = await consoleCall(server, lc.listLeverageTerms, {}, { token: admin });
    expect(listed.data).toMatchObject({
      lotPrice: '100.00000000',
      maintenanceRate: '0.50000000',
      negativeBalanceProtection: true,
    });
    const changed = await consoleCall(
      server,
      lc.setLeverageTerms,
      { lotPrice: '50', openFeeRate: '0.002', negativeBalanceProtection: false },
      { token: admin },
    );
    expect(changed.status).toBe(1);
    expect(changed.data).toMatchObject({
      lotPrice: '50.00000000',
      openFeeRate: '0.00200000',
      negativeBalanceProtection: false,
    });
    const [row] = await auditRows(server);
    expect(row).toMatchObject({
      action: 'leverage.terms',
      target_type: 'leverage',
      target_id: 'terms',
    });
    expect(JSON.parse(row!.before_json!)).toMatchObject({ lotPrice: '100.00000000' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ lotPrice: '50.00000000' });
    // The open position keeps its terms; a new one takes the new ones.
    const kept = await server.call(
      c.findContractOrderResult,
      { positionId: first.id },
      { token: trader.token },
    );
    expect(kept.data).toMatchObject({
      lotPrice: '100.00000000',
      openFeeRate: '0.00100000',
      protection: true,
    });
    const next = await server.call(
      c.insert,
      { symbol: 'ETH/USDT', direction: 'long', lots: 1, multiple: 1 },
      { token: trader.token },
    );
    expect(next.data).toMatchObject({
      lotPrice: '50.00000000',
      openFee: '0.10000000',
      protection: false,
    });
    refused(
      await consoleCall(server, lc.setLeverageTerms, { maintenanceRate: '1' }, { token: admin }),
      'leverageTermsInvalid',
    );
    refused(
      await consoleCall(server, lc.setLeverageTerms, { lotPrice: 'x' }, { token: admin }),
      'incorrectAmount',
    );
    await consoleCall(
      server,
      lc.setLeverageTerms,
      { lotPrice: '100', openFeeRate: '0.001', negativeBalanceProtection: true },
      { token: admin },
    );
  });

  it('refuses an open confirmed with terms that changed since, changing nothing', async () => {
    const trader = await leverageTrader(server, '1000');
    const insert = (termsVersion?: string) =>
      server.call(
        c.insert,
        { symbol: 'ETH/USDT', direction: 'long', lots: 1, multiple: 1, termsVersion },
        { token: trader.token },
      );
    const wallet = async () =>
      (await server.call(assetsCalls.findUserMoney, {}, { token: trader.token })).data.wallets
        .contract;
    const seen = (await server.call(c.findLeverageTerms, {})).data;
    expect(seen.lotPrice).toBe('100.00000000');
    expect(
      (
        await consoleCall(
          server,
          lc.setLeverageTerms,
          { lotPrice: '200', openFeeRate: '0.005' },
          { token: admin },
        )
      ).status,
    ).toBe(1);
    const before = await wallet();
    refused(
      await insert(seen.termsVersion),
      'leverageTermsChanged',
      'The contract terms have changed: check them and confirm again',
    );
    expect(await wallet()).toEqual(before);
    const open = await server.call(c.findNowCurrencyOrder, {}, { token: trader.token });
    expect(open.data.list).toEqual([]);
    // With the new terms' version (or none: an older client) it opens at the new terms.
    const now = (await server.call(c.findLeverageTerms, {})).data;
    expect(now.termsVersion).not.toBe(seen.termsVersion);
    const opened = await insert(now.termsVersion);
    expect(opened.data).toMatchObject({ lotPrice: '200.00000000', openFee: '1.00000000' });
    expect((await insert()).status).toBe(1);
    // An edit back to the same terms gives back the same version.
    await consoleCall(
      server,
      lc.setLeverageTerms,
      { lotPrice: '100', openFeeRate: '0.001' },
      { token: admin },
    );
    expect((await server.call(c.findLeverageTerms, {})).data.termsVersion).toBe(seen.termsVersion);
  });

  it('changes a tier’s threshold and multiple, keeping tiers rising', async () => {
    const changed = await consoleCall(
      server,
      lc.setLeverageTier,
      { tier: 'ordinary', maxMultiple: 3 },
      { token: admin },
    );
    expect(changed.data.tiers[0]).toEqual({
      tier: 'ordinary',
      threshold: '0.00000000',
      maxMultiple: 3,
    });
    const trader = await leverageTrader(server);
    expect((await server.call(c.backUserMultiple, {}, { token: trader.token })).data).toEqual({
      tier: 'ordinary',
      multiples: [1, 2, 3],
    });
    refused(
      await consoleCall(
        server,
        lc.setLeverageTier,
        { tier: 'gold', threshold: '0' },
        { token: admin },
      ),
      'leverageTermsInvalid',
    );
    refused(
      await consoleCall(
        server,
        lc.setLeverageTier,
        { tier: 'gold', maxMultiple: 2 },
        { token: admin },
      ),
      'leverageTermsInvalid',
    );
    refused(
      await consoleCall(
        server,
        lc.setLeverageTier,
        { tier: 'vip' as never, maxMultiple: 2 },
        { token: admin },
      ),
      'invalidInput',
    );
    await consoleCall(
      server,
      lc.setLeverageTier,
      { tier: 'ordinary', maxMultiple: 2 },
      { token: admin },
    );
    const [row] = await auditRows(server);
    expect(row).toMatchObject({ action: 'leverage.tier', target_id: 'tier:ordinary' });
  });

  it('lets only an admin change terms or fund; support reads positions, not exposure', async () => {
    const support = await newOperator(server, admin, 'support');
    refused(
      await consoleCall(server, lc.setLeverageTerms, { lotPrice: '1' }, { token: support.token }),
      'forbidden',
    );
    refused(
      await consoleCall(
        server,
        lc.fundInsurance,
        { book: 'demo', amount: '1' },
        { token: support.token },
      ),
      'forbidden',
    );
    refused(
      await consoleCall(server, lc.leverageExposure, {}, { token: support.token }),
      'forbidden',
    );
    expect(
      (await consoleCall(server, lc.listLeveragePositions, {}, { token: support.token })).status,
    ).toBe(1);
  });
});

describe('exposure and the insurance fund', () => {
  it('shows open positions per symbol, the fund against open profits, and its movements; funding is audited', async () => {
    const trader = await leverageTrader(server);
    await server.call(
      c.insert,
      { symbol: 'BTC/USDT', direction: 'short', lots: 3, multiple: 2 },
      { token: trader.token },
    );
    const exposure = await consoleCall(server, lc.leverageExposure, {}, { token: admin });
    const btc = exposure.data.rows.find((r) => r.symbol === 'BTC/USDT' && r.book === 'demo')!;
    expect(btc).toMatchObject({ shortValue: '600.00000000', held: '300.00000000' });
    expect(btc.openPositions).toBeGreaterThanOrEqual(1);
    const demo = exposure.data.books.find((b) => b.book === 'demo')!;
    expect(demo.fundBalance).toBe('100000000.00000000');
    expect(demo.negativeWallets).toBe(0);

    const funded = await consoleCall(
      server,
      lc.fundInsurance,
      { book: 'real', amount: '2500' },
      { token: admin },
    );
    expect(funded.data.books.find((b) => b.book === 'real')!.fundBalance).toBe('1002500.00000000');
    const [row] = await auditRows(server);
    expect(row).toMatchObject({ action: 'leverage.fund', target_id: 'insurance-fund:real' });
    refused(
      await consoleCall(server, lc.fundInsurance, { book: 'real', amount: '0' }, { token: admin }),
      'incorrectAmount',
    );
    const fund = await consoleCall(server, lc.leverageFund, { book: 'real' }, { token: admin });
    expect(fund.data.balance).toBe('1002500.00000000');
    expect(fund.data.movements.list.map((x) => [x.kind, x.amount])).toEqual([
      ['funding', '2500.00000000'],
      ['funding', '1000000.00000000'],
    ]);
    const positions = await consoleCall(
      server,
      lc.listLeveragePositions,
      { userId: trader.userId, status: 'open' },
      { token: admin },
    );
    expect(positions.data.total).toBe(1);
    expect(positions.data.list[0]).toMatchObject({ userId: trader.userId, direction: 'short' });
  });
});

/** What decides a result: prices, ticks, entries, exits and P&L. */
const FORBIDDEN = /price|tick|entry|exit|pnl|payout|equity|seq/i;

describe('no console call can change a price, an entry or exit, or a P&L', () => {
  it('takes no such field and leaves every position’s result and the tick log as they were', async () => {
    const writers = (Object.values(lc) as unknown[]).filter(
      (v): v is ConsoleCallDef =>
        typeof v === 'object' &&
        v !== null &&
        'method' in v &&
        (v as ConsoleCallDef).method === 'POST',
    );
    for (const call of writers) {
      expect(call.path).not.toMatch(FORBIDDEN);
      const shape = (call.input as unknown as { def: { shape: Record<string, unknown> } }).def
        .shape;
      // The lot price is a term of new positions (what a lot costs), not a market price.
      for (const field of Object.keys(shape).filter((f) => f !== 'lotPrice'))
        expect(field).not.toMatch(FORBIDDEN);
    }
    const trader = await leverageTrader(server);
    const p = (
      await server.call(
        c.insert,
        { symbol: 'ETH/USDT', direction: 'long', lots: 1, multiple: 1 },
        { token: trader.token },
      )
    ).data;
    await server.call(c.close, { positionId: p.id }, { token: trader.token });
    const snapshot = async (upTo?: bigint) => {
      const db = server.app.db;
      const maxSeq =
        upTo ??
        BigInt(
          (
            await db
              .selectFrom('tick_log')
              .select((eb) => eb.fn.max('seq').as('s'))
              .executeTakeFirstOrThrow()
          ).s ?? 0,
        );
      const ticks = await db
        .selectFrom('tick_log')
        .selectAll()
        .where('seq', '<=', maxSeq)
        .orderBy('seq')
        .execute();
      const positions = await db
        .selectFrom('leverage_positions')
        .select([
          'id',
          'entry_price',
          'entry_seq',
          'exit_price',
          'exit_seq',
          'pnl',
          'payout',
          'gap',
          'liquidation_price',
          'lot_price',
          'open_fee_rate',
          'close_fee_rate',
          'maintenance_rate',
          'protection',
        ])
        .orderBy('id')
        .execute();
      return {
        maxSeq,
        text: JSON.stringify({ ticks, positions }, (_k, v: unknown) =>
          typeof v === 'bigint' ? v.toString() : v,
        ),
      };
    };
    const before = await snapshot();
    const writes: [ConsoleCallDef, Record<string, unknown>][] = [
      [lc.setLeverageTerms, { lotPrice: '10', closeFeeRate: '0.01', maintenanceRate: '0.2' }],
      [lc.setLeverageTier, { tier: 'diamond', maxMultiple: 10 }],
      [lc.fundInsurance, { book: 'demo', amount: '1' }],
    ];
    expect(new Set(writes.map(([call]) => call))).toEqual(new Set(writers));
    for (const [call, input] of writes) {
      const answer = await consoleCall(server, call, input as never, { token: admin });
      expect(answer.status).toBe(1);
    }
    const after = await snapshot(before.maxSeq);
    expect(after.text).toBe(before.text);
  });
});
