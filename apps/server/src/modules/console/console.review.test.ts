import {
  consoleCalls,
  moneyCalls,
  userCalls,
  type ConsoleCallDef,
  type ConsoleCallInput,
  type Envelope,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  consoleFetch,
  newOperator,
  newTrader,
  requestDeposit,
  requestWithdrawal,
  submitPrimaryKyc,
  withdrawingTrader,
  startConsoleServer,
} from './console.test-support';

let server: TestServer;
let adminToken: string;
let reviewer: { id: number; token: string };
let support: { id: number; token: string };
beforeAll(async () => {
  ({ server, admin: adminToken } = await startConsoleServer());
  reviewer = await newOperator(server, adminToken, 'reviewer');
  support = await newOperator(server, adminToken, 'support');
});
afterAll(() => server.close());

/** The trader's real-book coin balance of a currency, as the console's user detail shows it. */
async function realCoin(userId: number, currency = 'USDT') {
  const detail = await consoleCall(
    server,
    consoleCalls.getUser,
    { id: userId },
    { token: adminToken },
  );
  const row = detail.data.balances.find(
    (b) => b.book === 'real' && b.wallet === 'coin' && b.currency === currency,
  );
  return { available: row?.available ?? '0.00000000', frozen: row?.frozen ?? '0.00000000' };
}

function expectCode(answer: Envelope<unknown>, code: string, status = '400') {
  expect(answer).toMatchObject({ status, code, data: null });
}

const asReviewer = () => ({ token: reviewer.token });

/** An operator call made by the reviewer. */
function reviewerCall<C extends ConsoleCallDef>(call: C, input: ConsoleCallInput<C>) {
  return consoleCall(server, call, input, asReviewer());
}

async function expectRealCoin(userId: number, available: string, frozen: string) {
  expect(await realCoin(userId)).toEqual({ available, frozen });
}

describe('deposit review', () => {
  it('lists pending deposits with their trader and screenshot, oldest first', async () => {
    const trader = await newTrader(server);
    const first = await requestDeposit(server, trader, '10');
    const second = await requestDeposit(server, trader, '20');
    const list = await reviewerCall(consoleCalls.listDeposits, {
      status: 'pending',
      userId: trader.userId,
    });
    expect(list.status).toBe(1);
    expect(list.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.data.list.map((d) => d.id)).toEqual([first, second]);
    expect(list.data.list[0]).toMatchObject({
      userId: trader.userId,
      userAccount: trader.email,
      currency: 'USDT',
      chain: 'TRC20',
      amount: '10.00000000',
      status: 'pending',
      imageUploadId: expect.any(Number),
    });
    const bad = await reviewerCall(consoleCalls.listDeposits, { status: 'approved' as never });
    expectCode(bad, 'invalidInput');
  });

  it('approves a deposit: credited through the ledger, audited with before and after', async () => {
    const trader = await newTrader(server);
    const id = await requestDeposit(server, trader, '125.5');
    const approved = await reviewerCall(consoleCalls.approveDeposit, { id });
    expect(approved).toMatchObject({
      status: 1,
      data: {
        id,
        status: 'success',
        reviewedBy: reviewer.id,
        ledgerTransactionId: expect.any(Number),
      },
    });
    await expectRealCoin(trader.userId, '125.50000000', '0.00000000');
    const [row] = await auditRows(server);
    expect(row).toMatchObject({
      operator_id: BigInt(reviewer.id),
      action: 'deposit.approve',
      target_type: 'deposit',
      target_id: String(id),
      reason: null,
      ip: '127.0.0.1',
    });
    expect(JSON.parse(row!.before_json!)).toMatchObject({ id, status: 'pending' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ id, status: 'success' });

    // Decided once: a second approval (or a rejection) changes nothing and writes no row.
    const rows = (await auditRows(server)).length;
    expectCode(await reviewerCall(consoleCalls.approveDeposit, { id }), 'reviewStateChanged');
    expectCode(
      await reviewerCall(consoleCalls.rejectDeposit, { id, reason: 'late' }),
      'reviewStateChanged',
    );
    expect((await auditRows(server)).length).toBe(rows);
    await expectRealCoin(trader.userId, '125.50000000', '0.00000000');
  });

  it('rejects only with a reason, which the trader sees; a missing id is notFound', async () => {
    const trader = await newTrader(server);
    const id = await requestDeposit(server, trader, '30');
    const rows = (await auditRows(server)).length;
    for (const reason of ['', '   ']) {
      expectCode(await reviewerCall(consoleCalls.rejectDeposit, { id, reason }), 'reasonRequired');
    }
    const noField = await consoleFetch(
      server,
      consoleCalls.rejectDeposit,
      { id } as never,
      asReviewer(),
    );
    expectCode((await noField.json()) as Envelope<unknown>, 'reasonRequired');
    expectCode(
      await reviewerCall(consoleCalls.rejectDeposit, { id: 987_654, reason: 'x' }),
      'notFound',
      '404',
    );
    expectCode(await reviewerCall(consoleCalls.approveDeposit, { id: 987_654 }), 'notFound', '404');
    expect((await auditRows(server)).length).toBe(rows);

    const rejected = await reviewerCall(consoleCalls.rejectDeposit, {
      id,
      reason: 'The screenshot shows another amount',
    });
    expect(rejected).toMatchObject({
      status: 1,
      data: { status: 'rejected', reason: 'The screenshot shows another amount' },
    });
    const [row] = await auditRows(server);
    expect(row).toMatchObject({
      action: 'deposit.reject',
      reason: 'The screenshot shows another amount',
    });
    const mine = await server.call(moneyCalls.findByUserRechargePage, {}, { token: trader.token });
    expect(mine.data.list.find((d) => d.id === id)).toMatchObject({
      status: 'rejected',
      reason: 'The screenshot shows another amount',
    });
    await expectRealCoin(trader.userId, '0.00000000', '0.00000000');
  });

  it('shows the screenshot to reviewers (not audited) and not to support', async () => {
    const trader = await newTrader(server);
    const id = await requestDeposit(server, trader, '5');
    const list = await reviewerCall(consoleCalls.listDeposits, { userId: trader.userId });
    const uploadId = list.data.list.find((d) => d.id === id)!.imageUploadId;
    const rows = (await auditRows(server)).length;
    const image = await consoleFetch(
      server,
      consoleCalls.viewUpload,
      { id: uploadId },
      asReviewer(),
    );
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await auditRows(server)).length).toBe(rows);
    const refused = await consoleCall(
      server,
      consoleCalls.viewUpload,
      { id: uploadId },
      { token: support.token },
    );
    expectCode(refused, 'forbidden', '403');
    const missing = await reviewerCall(consoleCalls.viewUpload, { id: 999_999 });
    expectCode(missing, 'notFound', '404');
  });
});

describe('verification review', () => {
  it('fails a submission with a reason, then verifies the next one; ID image views are audited', async () => {
    const trader = await newTrader(server);
    const first = await submitPrimaryKyc(server, trader);
    const queue = await reviewerCall(consoleCalls.listKyc, {
      status: 'certifying',
      userId: trader.userId,
    });
    expect(queue.data.list).toEqual([
      expect.objectContaining({
        id: first,
        userId: trader.userId,
        kind: 'primary',
        realName: 'Erika Mustermann',
        status: 'certifying',
        frontUploadId: expect.any(Number),
        backUploadId: expect.any(Number),
      }),
    ]);
    expectCode(
      await reviewerCall(consoleCalls.rejectKyc, { id: first, reason: ' ' }),
      'reasonRequired',
    );
    const failed = await reviewerCall(consoleCalls.rejectKyc, {
      id: first,
      reason: 'The ID photo is blurred',
    });
    expect(failed).toMatchObject({
      status: 1,
      data: { status: 'failed', reason: 'The ID photo is blurred' },
    });
    expectCode(await reviewerCall(consoleCalls.approveKyc, { id: first }), 'reviewStateChanged');

    const second = await submitPrimaryKyc(server, trader);
    const approved = await reviewerCall(consoleCalls.approveKyc, { id: second });
    expect(approved).toMatchObject({
      status: 1,
      data: { status: 'verified', reviewedBy: reviewer.id },
    });
    const info = await server.call(userCalls.findUserInfo, {}, { token: trader.token });
    expect(info.data.verifyLevel).toBe(1);
    const actions = (await auditRows(server))
      .filter((r) => r.target_type === 'kyc')
      .slice(0, 2)
      .map((r) => [r.action, r.target_id, r.reason]);
    expect(actions).toEqual([
      ['kyc.approve', String(second), null],
      ['kyc.reject', String(first), 'The ID photo is blurred'],
    ]);

    const front = approved.data.frontUploadId!;
    const image = await consoleFetch(server, consoleCalls.viewUpload, { id: front }, asReviewer());
    expect(image.status).toBe(200);
    const [view] = await auditRows(server);
    expect(view).toMatchObject({
      action: 'upload.view',
      target_type: 'upload',
      target_id: String(front),
      operator_id: BigInt(reviewer.id),
    });
    expect(JSON.parse(view!.after_json!)).toEqual({
      purpose: 'kycFront',
      ownerUserId: trader.userId,
    });
  });
});

describe('withdrawal pipeline', () => {
  it('moves a withdrawal step by step to completed, paying out from the hold', async () => {
    const trader = await withdrawingTrader(server, adminToken, '500');
    const requested = await requestWithdrawal(server, trader, '100');
    expect(requested.status).toBe(1);
    const id = requested.data.id;
    await expectRealCoin(trader.userId, '399.00000000', '101.00000000');

    const open = await reviewerCall(consoleCalls.listWithdrawals, {
      status: 'open',
      userId: trader.userId,
    });
    expect(open.data.list).toEqual([
      expect.objectContaining({
        id,
        status: 'application',
        amount: '100.00000000',
        fee: '1.00000000',
      }),
    ]);
    const steps: string[] = [];
    for (const txHash of [undefined, undefined, 'a'.repeat(64)]) {
      const moved = await reviewerCall(consoleCalls.advanceWithdrawal, {
        id,
        ...(txHash ? { txHash } : {}),
      });
      expect(moved.status).toBe(1);
      steps.push(moved.data.status);
    }
    expect(steps).toEqual(['risk', 'packaging', 'completed']);
    await expectRealCoin(trader.userId, '399.00000000', '0.00000000');
    const done = await reviewerCall(consoleCalls.listWithdrawals, {
      status: 'completed',
      userId: trader.userId,
    });
    expect(done.data.list[0]).toMatchObject({
      id,
      txHash: 'a'.repeat(64),
      riskAt: expect.any(Number),
      packagingAt: expect.any(Number),
      finishedAt: expect.any(Number),
      ledgerTransactionId: expect.any(Number),
    });
    const rows = (await auditRows(server)).filter(
      (r) => r.target_id === String(id) && r.target_type === 'withdrawal',
    );
    expect(rows.map((r) => r.action)).toEqual([
      'withdrawal.advance',
      'withdrawal.advance',
      'withdrawal.advance',
    ]);
    expect(JSON.parse(rows[0]!.before_json!)).toMatchObject({ status: 'packaging' });
    expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ status: 'completed' });

    expectCode(await reviewerCall(consoleCalls.advanceWithdrawal, { id }), 'reviewStateChanged');
    expectCode(
      await reviewerCall(consoleCalls.rejectWithdrawal, { id, reason: 'too late' }),
      'reviewStateChanged',
    );
  });

  it('rejects or fails authentication with a reason, releasing the hold', async () => {
    const trader = await withdrawingTrader(server, adminToken, '300');
    const a = (await requestWithdrawal(server, trader, '50')).data.id;
    const b = (await requestWithdrawal(server, trader, '60')).data.id;
    await expectRealCoin(trader.userId, '188.00000000', '112.00000000');
    for (const call of [consoleCalls.rejectWithdrawal, consoleCalls.failWithdrawal]) {
      expectCode(await reviewerCall(call, { id: a, reason: '' }), 'reasonRequired');
    }
    await expectRealCoin(trader.userId, '188.00000000', '112.00000000');

    await reviewerCall(consoleCalls.advanceWithdrawal, { id: b });
    const rejected = await reviewerCall(consoleCalls.rejectWithdrawal, {
      id: a,
      reason: 'Address on a sanctions list',
    });
    expect(rejected).toMatchObject({
      status: 1,
      data: { status: 'rejected', reason: 'Address on a sanctions list' },
    });
    const failed = await reviewerCall(consoleCalls.failWithdrawal, {
      id: b,
      reason: 'The owner could not confirm the request',
    });
    expect(failed).toMatchObject({ status: 1, data: { status: 'authFailed' } });
    await expectRealCoin(trader.userId, '300.00000000', '0.00000000');
    const rows = (await auditRows(server)).slice(0, 2);
    expect(rows.map((r) => [r.action, r.target_id, r.reason])).toEqual([
      ['withdrawal.fail', String(b), 'The owner could not confirm the request'],
      ['withdrawal.reject', String(a), 'Address on a sanctions list'],
    ]);
    expectCode(
      await reviewerCall(consoleCalls.failWithdrawal, { id: 999_999, reason: 'x' }),
      'notFound',
      '404',
    );
  });
});

describe('freezing traders', () => {
  it('a login freeze ends the sessions and refuses login until lifted', async () => {
    const trader = await newTrader(server);
    const input = { id: trader.userId, scope: 'login' as const, reason: 'Reported stolen' };
    expectCode(
      await consoleCall(
        server,
        consoleCalls.freezeUser,
        { ...input, reason: '' },
        { token: support.token },
      ),
      'reasonRequired',
    );
    expectCode(await reviewerCall(consoleCalls.freezeUser, input), 'forbidden', '403');
    const frozen = await consoleCall(server, consoleCalls.freezeUser, input, {
      token: support.token,
    });
    expect(frozen).toMatchObject({ status: 1, data: { id: trader.userId, status: 'frozen' } });
    expect(await server.call(userCalls.findUserInfo, {}, { token: trader.token })).toMatchObject({
      status: '401',
    });
    const login = await server.call(userCalls.login, {
      account: trader.email,
      password: trader.password,
    });
    expect(login).toMatchObject({ status: '403', code: 'accountFrozen' });
    expectCode(
      await consoleCall(server, consoleCalls.freezeUser, input, { token: support.token }),
      'reviewStateChanged',
    );
    const [row] = await auditRows(server);
    expect(row).toMatchObject({
      action: 'user.freeze',
      target_type: 'user',
      reason: 'Reported stolen',
    });
    expect(JSON.parse(row!.before_json!)).toMatchObject({ scope: 'login', status: 'active' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ scope: 'login', status: 'frozen' });

    const lifted = await consoleCall(
      server,
      consoleCalls.unfreezeUser,
      { ...input, reason: 'Owner verified by phone' },
      { token: support.token },
    );
    expect(lifted).toMatchObject({ status: 1, data: { status: 'active' } });
    const again = await server.call(userCalls.login, {
      account: trader.email,
      password: trader.password,
    });
    expect(again.status).toBe(1);
  });

  it('a withdrawal freeze refuses new withdrawals until lifted', async () => {
    const trader = await withdrawingTrader(server, adminToken, '100');
    const input = { id: trader.userId, scope: 'withdrawal' as const, reason: 'Chargeback dispute' };
    const frozen = await consoleCall(server, consoleCalls.freezeUser, input, {
      token: support.token,
    });
    expect(frozen).toMatchObject({ status: 1, data: { withdrawFrozen: true, status: 'active' } });
    expectCode(
      await consoleCall(server, consoleCalls.freezeUser, input, { token: support.token }),
      'reviewStateChanged',
    );
    const refused = await requestWithdrawal(server, trader, '10');
    expect(refused).toMatchObject({ code: 'withdrawFrozen' });
    await expectRealCoin(trader.userId, '100.00000000', '0.00000000');
    await consoleCall(
      server,
      consoleCalls.unfreezeUser,
      { ...input, reason: 'Resolved' },
      { token: support.token },
    );
    expect((await requestWithdrawal(server, trader, '10')).status).toBe(1);
    expectCode(
      await consoleCall(
        server,
        consoleCalls.unfreezeUser,
        { ...input, reason: 'Resolved' },
        { token: support.token },
      ),
      'reviewStateChanged',
    );
    expectCode(
      await consoleCall(
        server,
        consoleCalls.freezeUser,
        { ...input, id: 999_999 },
        { token: support.token },
      ),
      'notFound',
      '404',
    );
  });
});
