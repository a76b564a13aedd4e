import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { userPrimaryAuth } from '../kyc/kyc.calls';
import { insertUserRecharge } from '../money/money.calls';
import { imageFile, optionalImageFile } from './images.schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('file fields', () => {
  const required = z.object({ image: imageFile() });
  const optional = z.object({ image: optionalImageFile() });

  it('take bytes (the server) or a Blob (the app)', () => {
    expect(required.safeParse({ image: new Uint8Array([1, 2]) }).success).toBe(true);
    expect(required.safeParse({ image: new Blob(['x']) }).success).toBe(true);
  });

  it('answer requiredItems when nothing is sent and uploadNotImage for text', () => {
    expect(messages(required.safeParse({}))).toEqual(['requiredItems']);
    expect(messages(required.safeParse({ image: '' }))).toEqual(['requiredItems']);
    expect(messages(required.safeParse({ image: 'hello.png' }))).toEqual(['uploadNotImage']);
  });

  it('treat an absent or empty optional file as none', () => {
    expect(optional.parse({})).toEqual({});
    expect(optional.parse({ image: '' })).toEqual({ image: undefined });
    const bytes = new Uint8Array([9]);
    expect(optional.parse({ image: bytes }).image).toBe(bytes);
    expect(messages(optional.safeParse({ image: 'not a file' }))).toEqual(['uploadNotImage']);
  });
});

describe('custody inputs', () => {
  const files = { idFront: new Uint8Array([1]), idBack: new Uint8Array([2]) };
  const primary = {
    country: 'cn',
    address: 'Street 1',
    realName: 'Li Lei',
    idNumber: '11010519491231002x',
    ...files,
  };

  it('checks a mainland ID number by its check digit, upper-casing country and number', () => {
    const parsed = userPrimaryAuth.input.parse(primary);
    expect(parsed).toMatchObject({ country: 'CN', idNumber: '11010519491231002X' });
    expect(
      messages(userPrimaryAuth.input.safeParse({ ...primary, idNumber: '110105194912310021' })),
    ).toEqual(['idNumberFormat']);
    // Elsewhere only the shape is checked.
    expect(
      userPrimaryAuth.input.safeParse({ ...primary, country: 'DE', idNumber: 'L01X00T47' }).success,
    ).toBe(true);
  });

  it('accepts transaction hashes of the supported chains only', () => {
    const deposit = {
      currency: 'usdt',
      chain: 'TRC20',
      amount: '10',
      image: new Uint8Array([1]),
    };
    for (const txHash of [
      'a'.repeat(64),
      `0x${'F'.repeat(64)}`,
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      undefined,
      '',
    ]) {
      expect(insertUserRecharge.input.safeParse({ ...deposit, txHash }).success, txHash).toBe(true);
    }
    expect(messages(insertUserRecharge.input.safeParse({ ...deposit, txHash: 'abc' }))).toEqual([
      'txHashFormat',
    ]);
    expect(insertUserRecharge.input.parse(deposit).currency).toBe('USDT');
  });
});
