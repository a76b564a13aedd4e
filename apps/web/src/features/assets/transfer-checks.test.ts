import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishAmount } from './amounts';

const toasts: string[] = [];
vi.mock('../../ui/toast', () => ({
  showToast: (text: string) => toasts.push(text),
  showLoading: () => () => undefined,
}));

const { checkTransfer } = await import('./transfer-checks');

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  toasts.length = 0;
});

const transfer = (amount: string) =>
  ({ from: 'coin', to: 'contract', currency: 'USDT', amount }) as const;

describe('transfer checks in the order of SPEC.md section 5', () => {
  it('asks for the required items when the amount is empty', async () => {
    expect(await checkTransfer(transfer(''), '100')).toBeNull();
    expect(toasts).toEqual(['Please confirm the required items']);
  });

  it('asks for a correct amount when it is 0 or not a number', async () => {
    for (const amount of ['0', '0.', '0.00000000', '1.2.3', '1.123456789'])
      expect(await checkTransfer(transfer(amount), '100')).toBeNull();
    expect(toasts).toEqual(Array(5).fill('Please enter the correct amount'));
  });

  it('refuses more than the available balance, compared exactly', async () => {
    expect(await checkTransfer(transfer('100.00000001'), '100.00000000')).toBeNull();
    expect(toasts).toEqual(['Insufficient balance, please recharge first']);
  });

  it('checks the amount before the balance: an empty amount with no balance is "required"', async () => {
    expect(await checkTransfer(transfer(''), '0')).toBeNull();
    expect(toasts).toEqual(['Please confirm the required items']);
  });

  it('refuses the same wallet on both sides', async () => {
    expect(await checkTransfer({ ...transfer('1'), to: 'coin' }, '100')).toBeNull();
    expect(toasts).toEqual(['Choose two different accounts']);
  });

  it('answers what to send: the whole balance is allowed, a trailing point is dropped', async () => {
    expect(await checkTransfer(transfer('100'), '100.00000000')).toEqual(transfer('100'));
    expect(await checkTransfer(transfer('250.'), '1000')).toEqual(transfer('250'));
    expect(toasts).toEqual([]);
  });

  it('finishes a typed amount', () => {
    expect(finishAmount('12.')).toBe('12');
    expect(finishAmount('12.5')).toBe('12.5');
  });
});
