import { describe, expect, it } from 'vitest';
import {
  changedContractTerms,
  contractTermsOf,
  contractTermsValid,
  termFieldValid,
  tierChangeValid,
  type ContractTermsValues,
} from './terms';

const record = {
  lotPrice: '100.00000000',
  openFeeRate: '0.00050000',
  closeFeeRate: '0.00050000',
  maintenanceRate: '0.20000000',
  negativeBalanceProtection: true,
  tiers: [],
  updatedAt: 0,
};

const tiers = [
  { tier: 'ordinary', threshold: '0', maxMultiple: 2 },
  { tier: 'gold', threshold: '50000', maxMultiple: 3 },
  { tier: 'platinum', threshold: '200000', maxMultiple: 4 },
  { tier: 'diamond', threshold: '1000000', maxMultiple: 5 },
] as const;

describe('the contract terms form', () => {
  it('starts from the wire decimals without trailing zeros', () => {
    expect(contractTermsOf(record)).toEqual({
      lotPrice: '100',
      openFeeRate: '0.0005',
      closeFeeRate: '0.0005',
      maintenanceRate: '0.2',
      negativeBalanceProtection: true,
    });
  });

  it('sends only what changed (0.20 is 0.2), and the protection switch', () => {
    const before = contractTermsOf(record);
    const after: ContractTermsValues = {
      ...before,
      maintenanceRate: '0.20',
      closeFeeRate: '0.001',
      negativeBalanceProtection: false,
    };
    expect(changedContractTerms(before, after)).toEqual({
      closeFeeRate: '0.001',
      negativeBalanceProtection: false,
    });
    expect(changedContractTerms(before, before)).toEqual({});
  });

  it("checks the terms with the contract's rule: a positive lot price, rates below 1", () => {
    const base = contractTermsOf(record);
    expect(contractTermsValid(base)).toBe(true);
    expect(contractTermsValid({ ...base, lotPrice: '0' })).toBe(false);
    expect(contractTermsValid({ ...base, maintenanceRate: '1' })).toBe(false);
    expect(contractTermsValid({ ...base, openFeeRate: 'x' })).toBe(false);
  });

  it('checks one field on its own, whatever the others hold', () => {
    expect(termFieldValid('openFeeRate', '1.5')).toBe(false);
    expect(termFieldValid('openFeeRate', ' 0.001 ')).toBe(true);
    expect(termFieldValid('closeFeeRate', '0')).toBe(true);
    expect(termFieldValid('maintenanceRate', '1')).toBe(false);
    expect(termFieldValid('lotPrice', '0')).toBe(false);
    expect(termFieldValid('lotPrice', '50')).toBe(true);
    expect(termFieldValid('lotPrice', 'abc')).toBe(false);
  });
});

describe('a tier change', () => {
  it('keeps thresholds rising and maximum multiples from falling', () => {
    expect(tierChangeValid(tiers, 'gold', '60000', 3)).toBe(true);
    expect(tierChangeValid(tiers, 'gold', '200000', 3)).toBe(false);
    expect(tierChangeValid(tiers, 'gold', '60000', 1)).toBe(false);
    expect(tierChangeValid(tiers, 'ordinary', '10', 2)).toBe(false);
    expect(tierChangeValid(tiers, 'diamond', '2000000', 10)).toBe(true);
    expect(tierChangeValid(tiers, 'diamond', 'abc', 5)).toBe(false);
  });
});
