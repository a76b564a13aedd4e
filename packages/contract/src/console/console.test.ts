import { describe, expect, it } from 'vitest';
import { consoleRequest, pathParams, roleAllows } from './console.call';
import * as consoleCalls from './console.calls';
import { allConsoleCalls } from './index';

describe('console contract', () => {
  it('keeps every call under /console/api, each method and path once', () => {
    const seen = new Set<string>();
    for (const call of allConsoleCalls) {
      expect(call.path).toMatch(/^\/console\/api\/[a-z]/);
      const key = `${call.method} ${call.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    expect(seen.has('POST /console/api/login')).toBe(true);
    expect(seen.has('POST /console/api/withdrawals/:id/fail')).toBe(true);
  });

  it('names every path parameter in the input', () => {
    for (const call of allConsoleCalls) {
      for (const name of pathParams(call.path)) {
        const parsed = call.input.safeParse({ [name]: 'x' });
        const issues = parsed.success ? [] : parsed.error.issues;
        expect(
          issues.some((i) => i.path[0] === name),
          `${call.path} reads ${name}`,
        ).toBe(true);
      }
    }
  });

  it('builds requests: path parameters filled, GET query, POST JSON body', () => {
    expect(consoleRequest(consoleCalls.rejectDeposit, { id: 12, reason: 'blurry' })).toEqual({
      method: 'POST',
      url: '/console/api/deposits/12/reject',
      body: JSON.stringify({ reason: 'blurry' }),
    });
    expect(
      consoleRequest(consoleCalls.listDeposits, { status: 'pending', page: 2, userId: undefined }),
    ).toEqual({
      method: 'GET',
      url: '/console/api/deposits?status=pending&page=2',
      body: undefined,
    });
    expect(() => consoleRequest(consoleCalls.getUser, {} as never)).toThrow(/id/);
  });

  it('lets admin do everything and keeps the other roles to their pages', () => {
    for (const call of allConsoleCalls) expect(roleAllows(call, 'admin')).toBe(true);
    expect(roleAllows(consoleCalls.approveDeposit, 'reviewer')).toBe(true);
    expect(roleAllows(consoleCalls.approveDeposit, 'support')).toBe(false);
    expect(roleAllows(consoleCalls.freezeUser, 'support')).toBe(true);
    expect(roleAllows(consoleCalls.freezeUser, 'reviewer')).toBe(false);
    expect(roleAllows(consoleCalls.listOutbox, 'reviewer')).toBe(false);
    expect(roleAllows(consoleCalls.createOperator, 'reviewer')).toBe(false);
    expect(roleAllows(consoleCalls.listAudit, 'support')).toBe(true);
  });

  it('refuses a reject without a reason, and a negative or over-precise fee', () => {
    const noReason = consoleCalls.rejectKyc.input.safeParse({ id: 1, reason: '  ' });
    expect(noReason.success ? null : noReason.error.issues[0]?.message).toBe('reasonRequired');
    for (const withdrawFee of ['-1', '0.000000001', 'abc']) {
      const parsed = consoleCalls.editChain.input.safeParse({ id: 1, withdrawFee });
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe('incorrectAmount');
    }
    const ok = consoleCalls.editChain.input.safeParse({
      id: '3',
      withdrawFee: '0',
      depositEnabled: 'false',
    });
    expect(ok.success && ok.data).toEqual({ id: 3, withdrawFee: '0', depositEnabled: false });
  });

  it('asks operators for a strong password', () => {
    const weak = consoleCalls.createOperator.input.safeParse({
      username: 'Rev.One',
      password: 'Short1',
      role: 'reviewer',
    });
    expect(weak.success ? null : weak.error.issues[0]?.message).toBe('operatorPasswordRule');
    const good = consoleCalls.createOperator.input.safeParse({
      username: 'Rev.One',
      password: 'Harbour2026x',
      role: 'reviewer',
    });
    expect(good.success && good.data.username).toBe('rev.one');
  });
});
