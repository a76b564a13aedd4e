import { describe, expect, it } from 'vitest';
import { socketReconnectDelayMs } from '../constants';
import { displayDecimal, groupThousands, sanitizeAmountInput, trimDecimal } from './format';
import {
  accountKind,
  isValidBankCard,
  isValidChineseIdNumber,
  isValidEmail,
  isValidPassword,
  isValidPayPassword,
  isValidPhone,
  nationalNumber,
} from './validators';

describe('validators of SPEC.md section 5', () => {
  it('wants 6 to 32 characters with an uppercase letter and a digit', () => {
    for (const ok of ['Abcde1', 'Harbour2026', `A1${'x'.repeat(30)}`])
      expect(isValidPassword(ok), ok).toBe(true);
    for (const bad of [
      'Abcd1',
      'abcdef1',
      'ABCDEFG',
      `A1${'x'.repeat(31)}`,
      'Abc de1',
      'Ähnlich1x',
    ]) {
      expect(isValidPassword(bad), bad).toBe(false);
    }
  });

  it('wants a 6-digit pay password', () => {
    expect(isValidPayPassword('012345')).toBe(true);
    expect(isValidPayPassword('12345')).toBe(false);
    expect(isValidPayPassword('12345a')).toBe(false);
  });

  it('checks email format', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.com'])
      expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['a@b', 'a.b.co', '@b.co', 'a@.co', 'a b@c.co', 'a@b.c', 'a@@b.co']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('checks phones: mainland mobiles start with 1, others by their country', async () => {
    expect(await isValidPhone('86', '13800138000')).toBe(true);
    expect(await isValidPhone('86', '23800138000')).toBe(false);
    expect(await isValidPhone('86', '1380013800')).toBe(false);
    expect(await isValidPhone('44', '7400123456')).toBe(true);
    expect(await isValidPhone('44', '740012345')).toBe(false);
    expect(await isValidPhone('1', '2015550123')).toBe(true);
    expect(await isValidPhone('1', '12')).toBe(false);
    expect(await isValidPhone('x', '13800138000')).toBe(false);
  });

  it('stores phones by their national significant number', async () => {
    expect(await nationalNumber('44', '07400123456')).toBe('7400123456');
    expect(await nationalNumber('44', '7400123456')).toBe('7400123456');
    expect(await nationalNumber('86', '13800138000')).toBe('13800138000');
    // Italy keeps its leading zero: it is part of the number.
    expect(await nationalNumber('39', '0612345678')).toBe('0612345678');
  });

  it('checks ID-card numbers and bank cards by their check digits', () => {
    expect(isValidChineseIdNumber('11010519491231002X')).toBe(true);
    expect(isValidChineseIdNumber('110105194912310021')).toBe(false);
    expect(isValidBankCard('4111111111111111')).toBe(true);
    expect(isValidBankCard('4111111111111112')).toBe(false);
  });

  it('tells email accounts from phone accounts', () => {
    expect(accountKind('a@b.co')).toBe('email');
    expect(accountKind('13800138000')).toBe('phone');
  });
});

describe('amount inputs keep only digits and one decimal point', () => {
  it.each([
    ['12a.3.4', '12.34'],
    ['..5', '0.5'],
    ['007', '7'],
    ['0.123456789', '0.12345678'],
    ['1,5', '1.5'],
    ['-3', '3'],
    ['', ''],
    // Typed one key at a time, a comma is the decimal point at once (the field shows the point).
    ['10,', '10.'],
    ['0,001', '0.001'],
    // Pasted as the app writes amounts: commas group thousands.
    ['10,000', '10000'],
    ['1,234,567', '1234567'],
    ['1,000.50', '1000.50'],
    // As a German writes it: points group thousands, the comma is the decimal point.
    ['1.000,50', '1000.50'],
    // Anything else keeps the first separator, as typing does: a stray comma after a point is
    // no thousands separator (10.5 must not become 105).
    ['10.5,', '10.5'],
    ['6,5000.129', '6.5000129'],
    // Arabic and Persian digits and the Arabic separators.
    ['\u0665\u0660', '50'],
    ['\u06f1\u06f2\u066b\u0665', '12.5'],
    ['\u0661\u066c\u0662\u0660\u0660', '1200'],
  ])('%s -> %s', (raw, clean) => expect(sanitizeAmountInput(raw)).toBe(clean));
});

describe('numbers are grouped by thousands with commas', () => {
  it('groups the whole part only', () => {
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('999')).toBe('999');
  });
  it('shows a wire decimal with fixed places, truncated', () => {
    expect(displayDecimal('100000.00000000', 2)).toBe('100,000.00');
    expect(displayDecimal('0.12999999', 2)).toBe('0.12');
    expect(displayDecimal('-0.001', 2)).toBe('0.00');
  });
});

describe('websocket reconnect schedule (SPEC.md section 9)', () => {
  it('waits 3 s for 20 tries, 10 s up to 50, then 450 s', () => {
    expect(socketReconnectDelayMs(1)).toBe(3_000);
    expect(socketReconnectDelayMs(20)).toBe(3_000);
    expect(socketReconnectDelayMs(21)).toBe(10_000);
    expect(socketReconnectDelayMs(50)).toBe(10_000);
    expect(socketReconnectDelayMs(51)).toBe(450_000);
  });
});

describe('trimDecimal', () => {
  it('drops trailing zeros and a bare point, and a negative zero sign', () => {
    expect(trimDecimal('100000.00000000')).toBe('100000');
    expect(trimDecimal('1234567.50000000')).toBe('1234567.5');
    expect(trimDecimal('0.50000000')).toBe('0.5');
    expect(trimDecimal('0.00000000')).toBe('0');
    expect(trimDecimal('-0.00000000')).toBe('0');
    expect(trimDecimal('-2.10000000')).toBe('-2.1');
    expect(trimDecimal('42')).toBe('42');
    expect(trimDecimal('100')).toBe('100');
  });
});
