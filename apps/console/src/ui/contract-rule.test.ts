import { consoleCalls } from '@tidemark/contract';
import en from '@tidemark/i18n/locales/en.json';
import type { RuleObject } from 'antd/es/form';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractRule } from './contract-rule';
import { i18next } from './i18n';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});

/** Runs a rule's validator the way antd does, answering the error text or null. */
async function check(rule: ReturnType<typeof contractRule>, value: unknown) {
  const { validator } = rule as RuleObject;
  try {
    await validator?.({} as RuleObject, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('contractRule', () => {
  it("checks an amount with the contract's schema and shows the catalogue text", async () => {
    const rule = contractRule(consoleCalls.setWithdrawalSettings.input.shape.volumeThreshold);
    expect(await check(rule, '2500.5')).toBeNull();
    expect(await check(rule, '0')).toBeNull();
    expect(await check(rule, '-1')).toBe(en.errors.incorrectAmount);
    expect(await check(rule, '0.000000001')).toBe(en.errors.incorrectAmount);
    expect(await check(rule, '92233720369')).toBe('The amount is too large (at most 90,000,000)');
  });

  it('leaves an empty field to the required rule', async () => {
    const rule = contractRule(consoleCalls.createOperator.input.shape.password);
    expect(await check(rule, '')).toBeNull();
    expect(await check(rule, undefined)).toBeNull();
  });

  it('explains the operator password rule', async () => {
    const rule = contractRule(consoleCalls.createOperator.input.shape.password);
    expect(await check(rule, 'short1A')).toBe(en.errors.operatorPasswordRule);
    expect(await check(rule, 'Long enough 2026')).toBeNull();
  });

  it('shows the form’s own hint instead of the generic invalid-input text', async () => {
    const rule = contractRule(consoleCalls.createOperator.input.shape.username, {
      fallback: 'letters and digits',
    });
    expect(await check(rule, 'ok.name')).toBeNull();
    expect(await check(rule, 'no spaces allowed')).toBe('letters and digits');
  });
});
