import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../test/harness';
import { expectRefused } from '../modules/money/custody.test-kit';
import {
  adminToken,
  applyForLoan,
  loanTrader,
  productOf,
  type LoanTrader,
} from '../modules/loan/loan.test-kit';

/**
 * The multipart limit on files sits above what any call takes, so a request with one image too
 * many is answered by the call's own rule and text, not cut off as "The request is too large".
 */

let server: TestServer;
let trader: LoanTrader;
let week: number;

beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  const admin = await adminToken(server);
  trader = await loanTrader(server, admin);
  week = await productOf(server, 7);
});
afterAll(() => server.close());

describe('files over a call’s count', () => {
  it('answers five and six loan images with the loan’s own text', async () => {
    for (const images of [5, 6]) {
      const answer = await applyForLoan(server, trader.token, {
        productId: week,
        amount: '200',
        images,
      });
      expectRefused(answer, 'loanImagesCount', 'Please upload 2 to 4 images');
    }
  });

  it('still cuts off a request with far more files than any call takes', async () => {
    const answer = await applyForLoan(server, trader.token, {
      productId: week,
      amount: '200',
      images: 9,
    });
    expect(answer.status).not.toBe(1);
    expect(answer.code).toBe('bodyTooLarge');
  });
});
