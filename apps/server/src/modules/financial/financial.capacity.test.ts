import { financialConsoleCalls as fc } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { consoleCall, startConsoleServer } from '../console/console.test-support';
import { buy, productOf, refused, saver } from './financial.test-kit';

/**
 * A package's capacity cannot be set below what its open orders already hold: the console's
 * terms call refuses it with a text that names the field and the amount sold.
 */

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startConsoleServer());
});
afterAll(() => server.close());

describe('package capacity', () => {
  it('refuses a capacity below the amount sold, naming it, and takes one at or above it', async () => {
    const trader = await saver(server);
    const advanced = await productOf(server, 'advanced');
    expect((await buy(server, trader, advanced.id, '1000')).status).toBe(1);
    refused(
      await consoleCall(
        server,
        fc.setMoneyProduct,
        { id: advanced.id, capacity: '999.99', minAmount: '100', maxAmount: '500' },
        { token: admin },
      ),
      'financialCapacityBelowSold',
      'Managed funds (capacity) cannot be below what is already sold: 1000 USDT',
    );
    const set = await consoleCall(
      server,
      fc.setMoneyProduct,
      { id: advanced.id, capacity: '1000', minAmount: '100', maxAmount: '500' },
      { token: admin },
    );
    expect(set.status).toBe(1);
    expect(set.data.list.find((p) => p.id === advanced.id)?.capacity).toBe('1000.00000000');
  });
});
