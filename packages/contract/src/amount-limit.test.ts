import { describe, expect, it } from 'vitest';
import { insertCoinOrder } from './spot/spot.calls';
import { nonNegativeAmount } from './console/console.fields';
import { amount } from './fields';
import { limitText, MAX_AMOUNT, MONEY_UNIT } from './money';

const firstIssue = (result: { success: boolean; error?: { issues: readonly unknown[] } }) =>
  result.error?.issues[0];

describe('MAX_AMOUNT', () => {
  it('stays below 2^53 units and a thousand times below a signed 64-bit column', () => {
    expect(MAX_AMOUNT).toBeLessThanOrEqual(BigInt(Number.MAX_SAFE_INTEGER));
    expect(MAX_AMOUNT * 1000n).toBeLessThan(2n ** 63n - 1n);
    expect(limitText(MAX_AMOUNT)).toBe('90000000');
    expect(limitText(MONEY_UNIT / 2n)).toBe('0.5');
    expect(limitText(10n * MONEY_UNIT)).toBe('10');
  });
});

describe('every amount field', () => {
  const tooLarge = { message: 'amountTooLarge', params: { max: '90,000,000' } };

  it('refuses more than MAX_AMOUNT with the limit, whatever the field', () => {
    for (const text of ['90000000.00000001', '92233720369', '1' + '0'.repeat(50)]) {
      expect(firstIssue(amount().safeParse(text)), text).toMatchObject(tooLarge);
      expect(firstIssue(nonNegativeAmount().safeParse(text)), text).toMatchObject(tooLarge);
      expect(
        firstIssue(
          insertCoinOrder.input.safeParse({
            symbol: 'BTC/USDT',
            type: 1,
            price: text,
            quantity: '1',
          }),
        ),
        text,
      ).toMatchObject(tooLarge);
    }
  });

  it('accepts MAX_AMOUNT itself and keeps the format refusals first', () => {
    expect(amount().safeParse('90000000').success).toBe(true);
    expect(nonNegativeAmount().safeParse('90000000.00000000').success).toBe(true);
    for (const text of ['1e309', 'NaN', '0x10', '-0', '-92233720369', ' ', 'Infinity']) {
      const issue = firstIssue(amount().safeParse(text)) as { message: string };
      expect(['incorrectAmount', 'requiredItems'], text).toContain(issue.message);
    }
    expect(firstIssue(amount().safeParse('9'.repeat(65)))).toMatchObject({
      message: 'incorrectAmount',
    });
  });
});
