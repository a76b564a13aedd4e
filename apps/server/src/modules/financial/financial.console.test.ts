import { financialCalls as c, financialConsoleCalls as fc, parseMoney } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  newOperator,
  startConsoleServer,
} from '../console/console.test-support';
import { buy, productOf, refused, saver } from './financial.test-kit';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startConsoleServer());
});
afterAll(() => server.close());

describe('financial packages in the console', () => {
  it('shows the seeded reserve of both books, funded from the treasury, and funds it (audited)', async () => {
    const before = await consoleCall(server, fc.yieldReserve, {}, { token: admin });
    expect(before.data.books).toEqual([
      expect.objectContaining({
        book: 'demo',
        balance: '20000000.00000000',
        promised: '0.00000000',
        coverage: null,
      }),
      expect.objectContaining({
        book: 'real',
        balance: '200000.00000000',
        promised: '0.00000000',
        coverage: null,
      }),
    ]);
    const trader = await saver(server);
    const advanced = await productOf(server, 'advanced');
    expect((await buy(server, trader, advanced.id, '1000')).status).toBe(1);
    const funded = await consoleCall(
      server,
      fc.fundYieldReserve,
      { book: 'demo', amount: '500' },
      { token: admin },
    );
    const demo = funded.data.books.find((b) => b.book === 'demo')!;
    expect(demo).toMatchObject({
      balance: '20000500.00000000',
      promised: '9.00000000',
      openOrders: 1,
    });
    expect(parseMoney(demo.headroom)).toBe(parseMoney('20000491'));
    expect(demo.coverage).toBe('2222277.77777777');
    const [row] = await auditRows(server);
    expect(row).toMatchObject({
      action: 'financial.reserveFund',
      target_type: 'financial',
      target_id: 'reserve:demo',
    });
    refused(
      await consoleCall(
        server,
        fc.fundYieldReserve,
        { book: 'demo', amount: '0' },
        { token: admin },
      ),
      'incorrectAmount',
    );
  });

  it('changes terms for later orders only, audited with before and after; open orders keep theirs', async () => {
    const trader = await saver(server);
    const beginner = await productOf(server, 'beginner');
    const first = (await buy(server, trader, beginner.id, '100')).data;
    const changed = await consoleCall(
      server,
      fc.setMoneyProduct,
      { id: beginner.id, dailyRate: '0.0005', days: 10 },
      { token: admin },
    );
    const shown = changed.data.list.find((p) => p.id === beginner.id)!;
    expect(shown).toMatchObject({ dailyRate: '0.00050000', days: 10 });
    expect(shown.open.find((o) => o.book === 'demo')).toMatchObject({
      orders: 1,
      principal: '100.00000000',
    });
    const kept = await server.call(
      c.findUserMoneyOnly,
      { orderId: first.id },
      { token: trader.token },
    );
    expect(kept.data).toMatchObject({
      dailyRate: '0.00020000',
      days: 7,
      expectedProfit: '0.14000000',
    });
    const second = (await buy(server, trader, beginner.id, '100')).data;
    expect(second).toMatchObject({
      dailyRate: '0.00050000',
      days: 10,
      expectedProfit: '0.50000000',
    });
    const [row] = await auditRows(server);
    expect(row!.action).toBe('financial.product');
    expect(JSON.parse(row!.before_json!)).toMatchObject({ daily_rate: '0.00020000', days: '7' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ daily_rate: '0.00050000', days: '10' });
  });

  it('refuses terms that do not hold together', async () => {
    const id = (await productOf(server, 'premium')).id;
    for (const bad of [
      { dailyRate: '0' },
      { dailyRate: '1.5' },
      { penaltyRate: '2' },
      { minAmount: '0' },
      { minAmount: '300000' },
      // One purchase larger than the whole package (premium: capacity 10,000,000).
      { maxAmount: '10000000.00000001' },
      { capacity: '199999' },
      { saleStart: 2000, saleEnd: 1000 },
    ])
      refused(
        await consoleCall(server, fc.setMoneyProduct, { id, ...bad }, { token: admin }),
        'financialTermsInvalid',
      );
    refused(
      await consoleCall(
        server,
        fc.setMoneyProduct,
        { id, dividendTime: '25:00' },
        { token: admin },
      ),
      'financialTermsInvalid',
    );
    refused(
      await consoleCall(
        server,
        fc.setMoneyProduct,
        { id, timeZone: 'Mars/Base' },
        { token: admin },
      ),
      'financialTermsInvalid',
    );
    refused(
      await consoleCall(server, fc.setMoneyProduct, { id: 9999, days: 3 }, { token: admin }),
      'notFound',
    );
  });

  it('lists orders by user, book and status; closing a product hides it from traders', async () => {
    const trader = await saver(server);
    const premium = await productOf(server, 'premium');
    const order = (await buy(server, trader, premium.id, '1000')).data;
    const listed = await consoleCall(
      server,
      fc.listMoneyOrders,
      { userId: trader.userId, status: 0 },
      { token: admin },
    );
    expect(listed.data.total).toBe(1);
    expect(listed.data.list[0]).toMatchObject({
      id: order.id,
      userId: trader.userId,
      mode: 'demo',
    });
    expect(
      (
        await consoleCall(
          server,
          fc.listMoneyOrders,
          { userId: trader.userId, status: 2 },
          { token: admin },
        )
      ).data.total,
    ).toBe(0);
    await consoleCall(
      server,
      fc.setMoneyProduct,
      { id: premium.id, enabled: false },
      { token: admin },
    );
    expect((await server.call(c.findMoneyProduct, { tier: 'premium' })).data.list).toEqual([]);
    refused(await buy(server, trader, premium.id, '1000'), 'financialProductUnavailable');
    // Its open order still runs on its own terms.
    expect(
      (await server.call(c.findUserMoneyOnly, { orderId: order.id }, { token: trader.token })).data
        .status,
    ).toBe(0);
    await consoleCall(
      server,
      fc.setMoneyProduct,
      { id: premium.id, enabled: true },
      { token: admin },
    );
  });

  it('lets only an admin change terms or fund; support reads', async () => {
    const support = await newOperator(server, admin, 'support');
    const reviewer = await newOperator(server, admin, 'reviewer');
    expect(
      (await consoleCall(server, fc.listMoneyProducts, {}, { token: support.token })).status,
    ).toBe(1);
    expect((await consoleCall(server, fc.yieldReserve, {}, { token: reviewer.token })).status).toBe(
      1,
    );
    for (const token of [support.token, reviewer.token]) {
      expect(
        (await consoleCall(server, fc.fundYieldReserve, { book: 'real', amount: '1' }, { token }))
          .status,
      ).toBe('403');
      expect(
        (await consoleCall(server, fc.setMoneyProduct, { id: 1, days: 3 }, { token })).status,
      ).toBe('403');
    }
    expect((await consoleCall(server, fc.yieldReserve, {}, { token: support.token })).status).toBe(
      '403',
    );
  });
});
