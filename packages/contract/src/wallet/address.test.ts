import { describe, expect, it } from 'vitest';
import {
  base58Decode,
  isAddressFormat,
  isAddressShapeValid,
  isBech32BitcoinAddress,
  usesBase58Check,
} from './address';

describe('base58Decode', () => {
  it('keeps leading zero bytes and refuses characters outside the alphabet', () => {
    expect(Array.from(base58Decode('1')!)).toEqual([0]);
    expect(Array.from(base58Decode('11')!)).toEqual([0, 0]);
    expect(Array.from(base58Decode('2')!)).toEqual([1]);
    expect(Array.from(base58Decode('5R')!)).toEqual([1, 0]);
    expect(base58Decode('0OIl')).toBeNull();
    expect(base58Decode('')).toBeNull();
  });

  it('decodes a Bitcoin address to its 25-byte version + hash + checksum', () => {
    const bytes = base58Decode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')!;
    expect(bytes).toHaveLength(25);
    expect(bytes[0]).toBe(0);
  });
});

describe('bech32 (BIP 173, BIP 350)', () => {
  it('accepts SegWit v0 and Taproot addresses of the main network, in one case', () => {
    expect(isBech32BitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isBech32BitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(
      isBech32BitcoinAddress('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'),
    ).toBe(true);
    expect(
      isBech32BitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'),
    ).toBe(true);
  });

  it('refuses a wrong checksum, mixed case, another network and the wrong checksum kind', () => {
    // Last character changed.
    expect(isBech32BitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isBech32BitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4')).toBe(false);
    // Testnet.
    expect(isBech32BitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
    // A version 1 program with a bech32 (not bech32m) checksum (BIP 350 invalid vector).
    expect(
      isBech32BitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'),
    ).toBe(false);
    // Version 0 with a 16-byte program.
    expect(isBech32BitcoinAddress('BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P')).toBe(false);
  });
});

describe('isAddressShapeValid', () => {
  const valid: [Parameters<typeof isAddressShapeValid>[0], string][] = [
    ['evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['evm', '0xea3ca7366e2d8325db166a464ec9358ff076ec59'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['bitcoin', 'bc1qjfc9y4fvt5f9y8lfxhypplzpvmqd44mr7rd57a'],
    ['solana', 'So11111111111111111111111111111111111111112'],
    ['solana', '6LGJoYpDgN8zKK4LHctiL6Locg8W6RVoWCEdfbcJuQVR'],
  ];
  it.each(valid)('accepts a %s address %s', (format, address) => {
    expect(isAddressShapeValid(format, address)).toBe(true);
  });

  const invalid: [Parameters<typeof isAddressShapeValid>[0], string][] = [
    ['evm', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeG'],
    ['evm', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['tron', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    // A Bitcoin address is not a Tron address even with a T swapped in.
    ['tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['bitcoin', '2A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['bitcoin', ''],
    ['solana', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['solana', 'So1111111111111111111111111111111'],
    ['solana', 'So11111111111111111111111111111111111111112O'],
  ];
  it.each(invalid)('refuses a %s address %s', (format, address) => {
    expect(isAddressShapeValid(format, address)).toBe(false);
  });

  it('knows which addresses carry a base58check checksum', () => {
    expect(usesBase58Check('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(usesBase58Check('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(usesBase58Check('bitcoin', 'bc1qjfc9y4fvt5f9y8lfxhypplzpvmqd44mr7rd57a')).toBe(false);
    expect(usesBase58Check('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isAddressFormat('evm')).toBe(true);
    expect(isAddressFormat('cosmos')).toBe(false);
  });
});
