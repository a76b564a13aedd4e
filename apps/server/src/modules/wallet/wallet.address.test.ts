import { describe, expect, it } from 'vitest';
import { hasBase58Checksum, hasEip55Checksum, isValidAddress } from './wallet.address';
import { DEFAULT_CHAINS } from './wallet.seed';

describe('isValidAddress', () => {
  it('accepts real addresses of every format', () => {
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddress('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isValidAddress('bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isValidAddress('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('solana', 'So11111111111111111111111111111111111111112')).toBe(true);
  });

  it('catches one mistyped character through the base58check checksum', () => {
    // Same shape and alphabet, one character changed: only the checksum tells.
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidAddress('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidAddress('bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz')).toBe(false);
    expect(hasBase58Checksum('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(hasBase58Checksum('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
  });

  it('checks the EIP-55 checksum of a mixed-case EVM address, and accepts one case throughout', () => {
    // The examples of EIP-55.
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(hasEip55Checksum(address), address).toBe(true);
      expect(isValidAddress('evm', address.toLowerCase())).toBe(true);
      expect(isValidAddress('evm', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
    // One letter's case flipped: same address to a node, but a typo to the checksum.
    expect(isValidAddress('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidAddress('evm', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('refuses an unknown format and an address of another chain', () => {
    expect(isValidAddress('cosmos', 'cosmos1abc')).toBe(false);
    expect(isValidAddress('evm', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isValidAddress('tron', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('seeds only well-formed example deposit addresses', () => {
    for (const chain of DEFAULT_CHAINS) {
      expect(isValidAddress(chain.addressFormat, chain.depositAddress), chain.chain).toBe(true);
    }
  });
});
