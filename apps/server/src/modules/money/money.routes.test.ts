import fs from 'node:fs';
import {
  assetsCalls,
  moneyCalls,
  spotCalls,
  userCalls,
  walletCalls,
  type Envelope,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../db/database';
import { checkPlatform } from '../../ledger/check';
import { systemBalances } from '../../ledger/queries';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  expectOkData,
  expectRefused,
  freshKey,
  fund,
  multipartCall,
  operatorId,
  PAY_PASSWORD,
  pngImage,
  setConfig,
  setPayPassword,
  verifyPrimary,
  type FieldValue,
} from './custody.test-kit';
import {
  advanceWithdrawal,
  approveDeposit,
  failWithdrawalAuthentication,
  rejectDeposit,
  rejectWithdrawal,
} from './money.review';
import { WITHDRAW_SETTINGS } from './money.settings';

let server: TestServer;
let operator: number;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  operator = await operatorId(server);
  // The threshold has its own test; elsewhere it is off.
  await setConfig(server, WITHDRAW_SETTINGS.volumeThreshold.key, '0');
});
afterAll(() => server.close());

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_2 = 'TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs';

const recharge = async (
  token: string,
  fields: Record<string, FieldValue>,
  key: string | null = freshKey(),
) =>
  multipartCall(
    server,
    moneyCalls.insertUserRecharge,
    { currency: 'USDT', chain: 'TRC20', amount: '100', image: await pngImage(7), ...fields },
    { token, key },
  );

function withdraw(token: string, input: Record<string, unknown>, key: string | null = freshKey()) {
  return server.call(moneyCalls.insertUserWithdraw, input as never, {
    token,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
}

/** The real book's coin wallet in one currency, through the API. */
async function realCoin(token: string, currency = 'USDT') {
  const terms = expectOkData(
    await server.call(moneyCalls.findWithdrawTerms, { currency }, { token }),
  );
  return { available: terms.available, frozen: terms.frozen };
}

async function userId(token: string): Promise<number> {
  return expectOkData(await server.call(userCalls.findUserInfo, {}, { token })).id;
}

async function bindTron(token: string, address = TRON): Promise<number> {
  const bound = await multipartCall(
    server,
    walletCalls.userBindingWallet,
    { chain: 'TRC20', address },
    { token },
  );
  return expectOkData(bound).id;
}

/** A trader who may withdraw: primary verified, pay password set, a bound TRC20 address, funded. */
async function readyTrader(amount = '500') {
  const { token } = await server.register();
  await verifyPrimary(server, token);
  await setPayPassword(server, token);
  const walletId = await bindTron(token);
  if (amount !== '0') await fund(server, token, amount);
  return { token, walletId };
}

const run = <T>(work: (trx: Trx) => Promise<T>) => server.app.writer.run(work);
const approve = (id: number) =>
  run((trx) => approveDeposit(server.app, trx, { id, operatorId: operator }));
const advance = (id: number, txHash?: string) =>
  run((trx) =>
    advanceWithdrawal(server.app, trx, {
      id,
      operatorId: operator,
      ...(txHash ? { txHash } : {}),
    }),
  );
const rejectW = (id: number, reason: string) =>
  run((trx) => rejectWithdrawal(server.app, trx, { id, operatorId: operator, reason }));

async function tableCount(table: 'deposits' | 'withdrawals' | 'uploads'): Promise<number> {
  const row = await server.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function storedFiles(): number {
  const root = server.config.uploads.dir;
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.jpg')).length;
}

describe('deposit requests', () => {
  it('records a pending deposit to the platform address and posts nothing yet', async () => {
    const { token } = await server.register();
    const answer = await recharge(token, {
      amount: '250.5',
      txHash: 'a'.repeat(64),
    });
    expect(answer).toMatchObject({
      status: 1,
      code: 'submittedForReview',
      enMsg: 'Submitted successfully, awaiting review',
    });
    const chain = expectOkData(await server.call(walletCalls.getChain, {})).find(
      (c) => c.chain === 'TRC20',
    )!;
    expect(answer.data).toMatchObject({
      currency: 'USDT',
      chain: 'TRC20',
      address: chain.depositAddress,
      amount: '250.50000000',
      txHash: 'a'.repeat(64),
      status: 'pending',
      reason: null,
      reviewedAt: null,
    });
    expect(answer.data.imageId).toEqual(expect.any(Number));
    expect(await realCoin(token)).toEqual({ available: '0.00000000', frozen: '0.00000000' });
    const page = expectOkData(await server.call(moneyCalls.findByUserRechargePage, {}, { token }));
    expect(page).toEqual({ list: [answer.data], total: 1, page: 1, pageSize: 20 });
  });

  it('refuses bad input with its text and writes nothing (rows, uploads or files)', async () => {
    const { token } = await server.register();
    const before = {
      deposits: await tableCount('deposits'),
      uploads: await tableCount('uploads'),
      files: storedFiles(),
    };
    // A text file named x.png.
    expectRefused(
      await recharge(token, { image: new Blob(['hello, not an image'], { type: 'image/png' }) }),
      'uploadNotImage',
      'Only images can be uploaded (JPEG, PNG or WebP)',
    );
    expectRefused(
      await recharge(token, { image: undefined }),
      'requiredItems',
      'Please confirm the required items',
    );
    expectRefused(
      await recharge(token, { amount: '0' }),
      'incorrectAmount',
      'Please enter the correct amount',
    );
    expectRefused(await recharge(token, { amount: '-5' }), 'incorrectAmount');
    expectRefused(await recharge(token, { amount: '1e3' }), 'incorrectAmount');
    expectRefused(
      await recharge(token, { amount: '1.1234567' }),
      'amountPrecision',
      'The amount has too many decimal places (at most 6)',
    );
    expectRefused(
      await recharge(token, { chain: 'SOL' }),
      'chainNotSupported',
      'This currency or network is not supported',
    );
    expectRefused(await recharge(token, { currency: 'DOGE' }), 'chainNotSupported');
    expectRefused(
      await recharge(token, { txHash: 'not-a-hash' }),
      'txHashFormat',
      'Please enter a valid transaction hash',
    );
    await server.app.db
      .updateTable('custody_chains')
      .set({ deposit_enabled: 0n })
      .where('chain', '=', 'BEP20')
      .execute();
    expectRefused(
      await recharge(token, { chain: 'BEP20' }),
      'depositSuspended',
      'Deposits on this network are suspended',
    );
    await server.app.db
      .updateTable('custody_chains')
      .set({ deposit_enabled: 1n })
      .where('chain', '=', 'BEP20')
      .execute();
    expect({
      deposits: await tableCount('deposits'),
      uploads: await tableCount('uploads'),
      files: storedFiles(),
    }).toEqual(before);
  });

  it('accepts a double submit with one Idempotency-Key once', async () => {
    const { token } = await server.register();
    const key = freshKey();
    const image = await pngImage(31);
    const [a, b] = await Promise.all([
      recharge(token, { image }, key),
      recharge(token, { image }, key),
    ]);
    const c = await recharge(token, { image }, key);
    expect(expectOkData(a)).toEqual(expectOkData(b));
    expect(expectOkData(c)).toEqual(expectOkData(a));
    const page = expectOkData(await server.call(moneyCalls.findByUserRechargePage, {}, { token }));
    expect(page.total).toBe(1);
    // Every stored file has its upload row: the replays' copies were removed.
    expect(storedFiles()).toBe(await tableCount('uploads'));
    expectRefused(
      await recharge(token, { image, amount: '101' }, key),
      'idempotencyConflict',
      'This request was already submitted with different content',
      '409',
    );
  });

  it('without an Idempotency-Key applies once per request (a client built from SPEC.md)', async () => {
    const { token } = await server.register();
    const image = await pngImage(32);
    const first = expectOkData(await recharge(token, { image }, null));
    const second = expectOkData(await recharge(token, { image }, null));
    expect(second.id).not.toBe(first.id);
    expect([first.amount, second.amount]).toEqual(['100.00000000', '100.00000000']);
    const page = expectOkData(await server.call(moneyCalls.findByUserRechargePage, {}, { token }));
    expect(page.total).toBe(2);
    const stored = await server.app.db
      .selectFrom('idempotency_records')
      .select('idem_key')
      .where('user_id', '=', BigInt(await userId(token)))
      .execute();
    expect(stored).toEqual([]);
  });

  it('shows only the caller’s own records, by status or id', async () => {
    const a = await server.register();
    const b = await server.register();
    const first = expectOkData(await recharge(a.token, { amount: '10' }));
    const second = expectOkData(await recharge(a.token, { amount: '20' }));
    await run((trx) =>
      rejectDeposit(server.app, trx, { id: first.id, operatorId: operator, reason: 'No transfer' }),
    );
    const rejected = expectOkData(
      await server.call(
        moneyCalls.findByUserRechargePage,
        { status: 'rejected' },
        { token: a.token },
      ),
    );
    expect(rejected.list.map((d) => [d.id, d.status, d.reason])).toEqual([
      [first.id, 'rejected', 'No transfer'],
    ]);
    const one = expectOkData(
      await server.call(moneyCalls.findByUserRechargePage, { id: second.id }, { token: a.token }),
    );
    expect(one.list.map((d) => d.id)).toEqual([second.id]);
    const paged = expectOkData(
      await server.call(
        moneyCalls.findByUserRechargePage,
        { page: 2, pageSize: 1 },
        { token: a.token },
      ),
    );
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.list.map((d) => d.id)).toEqual([first.id]);
    const stranger = expectOkData(
      await server.call(moneyCalls.findByUserRechargePage, { id: second.id }, { token: b.token }),
    );
    expect(stranger).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
    // The screenshot is the owner's only.
    const image = await server.fetch(`/userUpload/image?id=${second.imageId}`, {
      headers: { appToken: b.token },
    });
    expectRefused((await image.json()) as Envelope<unknown>, 'notFound', undefined, '404');
  });
});

describe('deposit review', () => {
  it('approval credits the real coin wallet from deposits in transit, once', async () => {
    const { token } = await server.register();
    const live = await server.subscribe(['user'], token);
    const deposit = expectOkData(await recharge(token, { amount: '300' }));
    const inTransitBefore =
      (await systemBalances(server.app.db, 'real', 'deposits_in_transit')).get('USDT') ?? 0n;
    const { before, after } = await approve(deposit.id);
    expect(before).toMatchObject({ status: 'pending', userId: await userId(token) });
    expect(after).toMatchObject({ status: 'success', reason: null, amount: '300.00000000' });
    expect(await realCoin(token)).toEqual({ available: '300.00000000', frozen: '0.00000000' });
    const inTransitAfter = (await systemBalances(server.app.db, 'real', 'deposits_in_transit')).get(
      'USDT',
    );
    expect(inTransitAfter).toBe(inTransitBefore - 30_000_000_000n);
    const row = await server.app.db
      .selectFrom('deposits')
      .selectAll()
      .where('id', '=', BigInt(deposit.id))
      .executeTakeFirstOrThrow();
    expect(row.ledger_transaction_id).not.toBeNull();
    expect(row.reviewed_by).toBe(BigInt(operator));

    // Pushed to the trader after the commit.
    const frame = await live.next((f) => (f.data as { mode?: string }).mode === 'real', 5_000);
    expect(frame.data).toEqual({
      event: 'balance',
      mode: 'real',
      wallet: 'coin',
      currency: 'USDT',
      available: '300.00000000',
      frozen: '0.00000000',
    });
    live.close();

    // Twice: refused, nothing more credited.
    await expect(approve(deposit.id)).rejects.toMatchObject({ key: 'reviewStateChanged' });
    await expect(
      run((trx) =>
        rejectDeposit(server.app, trx, { id: deposit.id, operatorId: operator, reason: 'x' }),
      ),
    ).rejects.toMatchObject({ key: 'reviewStateChanged' });
    await expect(approve(987_654)).rejects.toMatchObject({ key: 'notFound' });
    expect((await realCoin(token)).available).toBe('300.00000000');

    // The account-change log shows it under deposit (real book).
    await server.call(userCalls.switchUser, { mode: 'real' }, { token });
    const log = expectOkData(
      await server.call(assetsCalls.selectUserAccountChange, { type: 'deposit' }, { token }),
    );
    expect(log.list.map((c) => [c.type, c.filter, c.wallet, c.amount, c.reference])).toEqual([
      ['deposit', 'deposit', 'coin', '300.00000000', `deposit:${deposit.id}`],
    ]);
  });

  it('rejection needs a reason and credits nothing', async () => {
    const { token } = await server.register();
    const deposit = expectOkData(await recharge(token, {}));
    await expect(
      run((trx) =>
        rejectDeposit(server.app, trx, { id: deposit.id, operatorId: operator, reason: ' ' }),
      ),
    ).rejects.toMatchObject({ key: 'reasonRequired' });
    const { after } = await run((trx) =>
      rejectDeposit(server.app, trx, {
        id: deposit.id,
        operatorId: operator,
        reason: 'Screenshot does not show the transfer',
      }),
    );
    expect(after).toMatchObject({
      status: 'rejected',
      reason: 'Screenshot does not show the transfer',
    });
    await expect(approve(deposit.id)).rejects.toMatchObject({ key: 'reviewStateChanged' });
    expect(await realCoin(token)).toEqual({ available: '0.00000000', frozen: '0.00000000' });
  });

  it('lets only one of two operators approving at once credit', async () => {
    const { token } = await server.register();
    const deposit = expectOkData(await recharge(token, { amount: '40' }));
    const results = await Promise.allSettled([approve(deposit.id), approve(deposit.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await realCoin(token)).available).toBe('40.00000000');
  });
});

describe('withdrawal checks, in SPEC.md order', () => {
  it('answers each refusal with its text until the request passes', async () => {
    const { token } = await server.register();
    const stranger = await readyTrader('0');
    const request = { walletId: 1, amount: '20', payPassword: PAY_PASSWORD };

    expectRefused(
      await withdraw(token, { ...request, walletId: 424_242 }),
      'walletNotBound',
      'Wallet not bound, go set the withdrawal address',
    );
    // Another user's wallet is not bound for this user.
    expectRefused(
      await withdraw(token, { ...request, walletId: stranger.walletId }),
      'walletNotBound',
    );
    const walletId = await bindTron(token);
    expectRefused(
      await withdraw(token, { ...request, walletId }),
      'primaryVerificationRequired',
      'Please complete primary verification first',
    );
    await verifyPrimary(server, token);
    expectRefused(
      await withdraw(token, { ...request, walletId }),
      'noPayPassword',
      'No payment password set, go set one',
    );
    await setPayPassword(server, token);
    expectRefused(
      await withdraw(token, { ...request, walletId, payPassword: '' }),
      'payPasswordEmpty',
      'Payment password cannot be empty',
    );
    expectRefused(
      await withdraw(token, { ...request, walletId, payPassword: '135790' }),
      'payPasswordWrong',
      'The payment password is incorrect',
    );
    expectRefused(
      await withdraw(token, { ...request, walletId, amount: '0' }),
      'incorrectAmount',
      'Please enter the correct amount',
    );
    expectRefused(
      await withdraw(token, { ...request, walletId, amount: '5' }),
      'withdrawBelowMinimum',
      'The minimum withdrawal is 10 USDT',
    );
    expectRefused(
      await withdraw(token, { ...request, walletId, amount: '10.0000001' }),
      'amountPrecision',
      'The amount has too many decimal places (at most 6)',
    );
    expectRefused(
      await withdraw(token, { ...request, walletId }),
      'insufficientBalance',
      'Insufficient balance, please recharge first',
    );
    await fund(server, token, '20');
    // 20 + fee 1 > 20.
    expectRefused(await withdraw(token, { ...request, walletId }), 'insufficientBalance');
    expect(await tableCount('withdrawals')).toBe(0);

    await server.app.db
      .updateTable('users')
      .set({ withdraw_frozen: 1n })
      .where('id', '=', BigInt(await userId(token)))
      .execute();
    expectRefused(
      await withdraw(token, { ...request, walletId, amount: '19' }),
      'withdrawFrozen',
      'Withdrawals from this account are frozen, please contact customer service',
    );
    await server.app.db
      .updateTable('users')
      .set({ withdraw_frozen: 0n })
      .where('id', '=', BigInt(await userId(token)))
      .execute();

    await server.app.db
      .updateTable('custody_chains')
      .set({ withdraw_enabled: 0n })
      .where('currency', '=', 'USDT')
      .where('chain', '=', 'TRC20')
      .execute();
    expectRefused(
      await withdraw(token, { ...request, walletId, amount: '19' }),
      'withdrawSuspended',
      'Withdrawals on this network are suspended',
    );
    await server.app.db
      .updateTable('custody_chains')
      .set({ withdraw_enabled: 1n })
      .where('currency', '=', 'USDT')
      .where('chain', '=', 'TRC20')
      .execute();

    // An operator made the bound address the platform's own deposit address since.
    const platform = await server.app.db
      .selectFrom('custody_chains')
      .select('deposit_address')
      .where('currency', '=', 'USDT')
      .where('chain', '=', 'TRC20')
      .executeTakeFirstOrThrow();
    const setPlatformAddress = (address: string) =>
      server.app.db
        .updateTable('custody_chains')
        .set({ deposit_address: address })
        .where('currency', '=', 'USDT')
        .where('chain', '=', 'TRC20')
        .execute();
    await setPlatformAddress(TRON);
    expectRefused(
      await withdraw(token, { ...request, walletId, amount: '19' }),
      'platformAddress',
      'This is the platform’s own deposit address and cannot be used here',
    );
    await setPlatformAddress(platform.deposit_address);

    expect(await realCoin(token)).toEqual({ available: '20.00000000', frozen: '0.00000000' });
    const passed = await withdraw(token, { ...request, walletId, amount: '19' });
    expect(passed).toMatchObject({ status: 1, code: 'submittedForReview' });
    expect(await realCoin(token)).toEqual({ available: '0.00000000', frozen: '20.00000000' });
  });

  it('needs the configured trading volume, counted from real-book spot trades', async () => {
    const { token, walletId } = await readyTrader('1000');
    await setConfig(server, WITHDRAW_SETTINGS.volumeThreshold.key, '100');
    try {
      const terms = expectOkData(await server.call(moneyCalls.findWithdrawTerms, {}, { token }));
      expect(terms).toMatchObject({ volumeThreshold: '100.00000000', volume: '0.00000000' });
      expect(terms.volumeMet).toBe(false);
      expectRefused(
        await withdraw(token, { walletId, amount: '20', payPassword: PAY_PASSWORD }),
        'volumeThreshold',
        'Withdrawal needs a trading volume of 100.00 USDT; yours is 0.00 USDT',
      );
      // A demo trade does not count.
      await server.call(
        spotCalls.insertCoinOrder,
        { symbol: 'BTC/USDT', type: 2, amount: '150' },
        { token, headers: { 'Idempotency-Key': freshKey() } },
      );
      expect(
        expectOkData(await server.call(moneyCalls.findWithdrawTerms, {}, { token })).volume,
      ).toBe('0.00000000');
      // A real one does.
      await server.call(userCalls.switchUser, { mode: 'real' }, { token });
      const bought = await server.call(
        spotCalls.insertCoinOrder,
        { symbol: 'BTC/USDT', type: 2, amount: '150' },
        { token, headers: { 'Idempotency-Key': freshKey() } },
      );
      expect(bought.status).toBe(1);
      const after = expectOkData(await server.call(moneyCalls.findWithdrawTerms, {}, { token }));
      expect(Number(after.volume)).toBeGreaterThanOrEqual(149);
      expect(after.volumeMet).toBe(true);
      expectOkData(await withdraw(token, { walletId, amount: '20', payPassword: PAY_PASSWORD }));
    } finally {
      await setConfig(server, WITHDRAW_SETTINGS.volumeThreshold.key, '0');
    }
  });
});

describe('withdrawal requests', () => {
  it('hold amount + fee in one transaction with the row, once per Idempotency-Key', async () => {
    const { token, walletId } = await readyTrader('500');
    const key = freshKey();
    const input = { walletId, amount: '100', payPassword: PAY_PASSWORD };
    const [a, b] = await Promise.all([withdraw(token, input, key), withdraw(token, input, key)]);
    const record = expectOkData(a);
    expect(expectOkData(b)).toEqual(record);
    expect(expectOkData(await withdraw(token, input, key))).toEqual(record);
    // A retry answers as the first time even when a check would now refuse (threshold raised).
    await setConfig(server, WITHDRAW_SETTINGS.volumeThreshold.key, '1000000');
    try {
      expect(expectOkData(await withdraw(token, input, key))).toEqual(record);
      expectRefused(await withdraw(token, input, freshKey()), 'volumeThreshold');
    } finally {
      await setConfig(server, WITHDRAW_SETTINGS.volumeThreshold.key, '0');
    }
    expect(record).toMatchObject({
      walletId,
      currency: 'USDT',
      chain: 'TRC20',
      address: TRON,
      amount: '100.00000000',
      fee: '1.00000000',
      total: '101.00000000',
      status: 'application',
      reason: null,
      txHash: null,
      finishedAt: null,
    });
    expect(record.steps).toEqual([
      { step: 'application', at: record.createdAt },
      { step: 'risk', at: null },
      { step: 'packaging', at: null },
      { step: 'completed', at: null },
    ]);
    expect(record.estimatedAt).toBe(record.createdAt + 120 * 60_000);
    expect(await realCoin(token)).toEqual({ available: '399.00000000', frozen: '101.00000000' });
    const page = expectOkData(await server.call(moneyCalls.findByUserWithdrawPage, {}, { token }));
    expect(page).toEqual({ list: [record], total: 1, page: 1, pageSize: 20 });
    expectRefused(
      await withdraw(token, { ...input, amount: '50' }, key),
      'idempotencyConflict',
      undefined,
      '409',
    );

    // The log shows the hold under the withdrawal filter.
    await server.call(userCalls.switchUser, { mode: 'real' }, { token });
    const log = expectOkData(
      await server.call(assetsCalls.selectUserAccountChange, { type: 'withdrawal' }, { token }),
    );
    expect(log.list.map((c) => [c.type, c.wallet, c.amount, c.reference])).toEqual([
      ['withdrawal', 'coin', '-101.00000000', `withdrawal:${record.id}`],
    ]);
    expect((await checkPlatform(server.app.db)).problems).toEqual([]);
  });

  it('without an Idempotency-Key hold once per request', async () => {
    const { token, walletId } = await readyTrader('500');
    const input = { walletId, amount: '100', payPassword: PAY_PASSWORD };
    const first = expectOkData(await withdraw(token, input, null));
    const second = expectOkData(await withdraw(token, input, null));
    expect(second.id).not.toBe(first.id);
    expect(await realCoin(token)).toEqual({ available: '298.00000000', frozen: '202.00000000' });
    const page = expectOkData(await server.call(moneyCalls.findByUserWithdrawPage, {}, { token }));
    expect(page.total).toBe(2);
    expect((await checkPlatform(server.app.db)).problems).toEqual([]);
  });

  it('keep the wallet of a withdrawal in progress from being edited or deleted', async () => {
    const { token, walletId } = await readyTrader('100');
    const record = expectOkData(
      await withdraw(token, { walletId, amount: '50', payPassword: PAY_PASSWORD }),
    );
    const wallets = expectOkData(
      await server.call(walletCalls.selectUserWalletList, {}, { token }),
    );
    expect(wallets.find((w) => w.id === walletId)!.inUse).toBe(true);
    const inUse = 'This address has a withdrawal in progress and cannot be changed or deleted';
    expectRefused(
      await server.call(walletCalls.userDeleteWallet, { id: walletId }, { token }),
      'walletInUse',
      inUse,
    );
    expectRefused(
      await multipartCall(
        server,
        walletCalls.userUpdateWallet,
        { id: walletId, chain: 'TRC20', address: TRON_2 },
        { token },
      ),
      'walletInUse',
      inUse,
    );
    await rejectW(record.id, 'Address on a sanctions list');
    expectOkData(await server.call(walletCalls.userDeleteWallet, { id: walletId }, { token }));
    // A deleted wallet is not bound any more.
    expectRefused(
      await withdraw(token, { walletId, amount: '20', payPassword: PAY_PASSWORD }),
      'walletNotBound',
    );
  });
});

describe('withdrawal review', () => {
  it('moves application -> risk -> packaging -> completed and pays out', async () => {
    const { token, walletId } = await readyTrader('200');
    const record = expectOkData(
      await withdraw(token, { walletId, amount: '120', payPassword: PAY_PASSWORD }),
    );
    const fees = async () =>
      (await systemBalances(server.app.db, 'real', 'fees')).get('USDT') ?? 0n;
    const sent = async () =>
      (await systemBalances(server.app.db, 'real', 'withdrawals_in_transit')).get('USDT') ?? 0n;
    const [fees0, sent0] = [await fees(), await sent()];

    const risk = await advance(record.id);
    expect([risk.before.status, risk.after.status]).toEqual(['application', 'risk']);
    expect(risk.after.steps[1]).toEqual({ step: 'risk', at: expect.any(Number) });
    const packaging = await advance(record.id);
    expect(packaging.after.status).toBe('packaging');
    expect(await realCoin(token)).toEqual({ available: '79.00000000', frozen: '121.00000000' });

    await expect(advance(record.id, 'nope')).rejects.toMatchObject({ key: 'txHashFormat' });
    const hash = `0x${'b'.repeat(64)}`;
    const done = await advance(record.id, hash);
    expect(done.after).toMatchObject({
      status: 'completed',
      txHash: hash,
      userId: await userId(token),
    });
    expect(done.after.steps.map((s) => s.step)).toEqual([
      'application',
      'risk',
      'packaging',
      'completed',
    ]);
    expect(done.after.steps.every((s) => s.at !== null)).toBe(true);
    expect(done.after.finishedAt).toEqual(expect.any(Number));
    expect(await realCoin(token)).toEqual({ available: '79.00000000', frozen: '0.00000000' });
    expect((await fees()) - fees0).toBe(100_000_000n);
    expect((await sent()) - sent0).toBe(12_000_000_000n);

    await expect(advance(record.id)).rejects.toMatchObject({ key: 'reviewStateChanged' });
    await expect(rejectW(record.id, 'too late')).rejects.toMatchObject({
      key: 'reviewStateChanged',
    });
    await expect(advance(555_555)).rejects.toMatchObject({ key: 'notFound' });
    // The wallet is free again.
    const wallets = expectOkData(
      await server.call(walletCalls.selectUserWalletList, {}, { token }),
    );
    expect(wallets[0]!.inUse).toBe(false);
  });

  it('rejected (with reason) or failed authentication releases the hold', async () => {
    const { token, walletId } = await readyTrader('300');
    const first = expectOkData(
      await withdraw(token, { walletId, amount: '100', payPassword: PAY_PASSWORD }),
    );
    const second = expectOkData(
      await withdraw(token, { walletId, amount: '100', payPassword: PAY_PASSWORD }),
    );
    expect(await realCoin(token)).toEqual({ available: '98.00000000', frozen: '202.00000000' });

    await advance(first.id);
    await expect(rejectW(first.id, '')).rejects.toMatchObject({ key: 'reasonRequired' });
    const rejected = await rejectW(first.id, 'Risk control: unusual activity');
    expect(rejected.after).toMatchObject({
      status: 'rejected',
      reason: 'Risk control: unusual activity',
    });
    expect(rejected.after.steps.map((s) => s.step)).toEqual(['application', 'risk', 'rejected']);
    expect(await realCoin(token)).toEqual({ available: '199.00000000', frozen: '101.00000000' });
    await expect(rejectW(first.id, 'again')).rejects.toMatchObject({
      key: 'reviewStateChanged',
    });

    const failed = await server.app.writer.run((trx) =>
      failWithdrawalAuthentication(server.app, trx, {
        id: second.id,
        operatorId: operator,
        reason: 'Identity check failed',
      }),
    );
    expect(failed.after).toMatchObject({ status: 'authFailed', reason: 'Identity check failed' });
    expect(failed.after.steps).toEqual([
      { step: 'application', at: second.createdAt },
      { step: 'authFailed', at: failed.after.finishedAt },
    ]);
    expect(await realCoin(token)).toEqual({ available: '300.00000000', frozen: '0.00000000' });

    const page = expectOkData(
      await server.call(moneyCalls.findByUserWithdrawPage, { status: 'rejected' }, { token }),
    );
    expect(page.list.map((w) => [w.id, w.reason])).toEqual([
      [first.id, 'Risk control: unusual activity'],
    ]);
    // The release shows in the log under withdrawal.
    await server.call(userCalls.switchUser, { mode: 'real' }, { token });
    const log = expectOkData(
      await server.call(assetsCalls.selectUserAccountChange, { type: 'withdrawal' }, { token }),
    );
    expect(log.list.map((c) => c.amount)).toEqual([
      '101.00000000',
      '101.00000000',
      '-101.00000000',
      '-101.00000000',
    ]);
  });

  it('shows another user’s withdrawal to nobody else', async () => {
    const { token, walletId } = await readyTrader('50');
    const record = expectOkData(
      await withdraw(token, { walletId, amount: '10', payPassword: PAY_PASSWORD }),
    );
    const other = await server.register();
    expect(
      expectOkData(
        await server.call(
          moneyCalls.findByUserWithdrawPage,
          { id: record.id },
          {
            token: other.token,
          },
        ),
      ).list,
    ).toEqual([]);
  });
});

describe('withdrawal terms', () => {
  it('shows fee, minimum, threshold, volume, balance and what is missing', async () => {
    const { token } = await server.register();
    const fresh = expectOkData(
      await server.call(moneyCalls.findWithdrawTerms, { chain: 'ERC20' }, { token }),
    );
    expect(fresh).toEqual({
      currency: 'USDT',
      chain: 'ERC20',
      withdrawEnabled: true,
      fee: '5.00000000',
      minimum: '20.00000000',
      decimals: 6,
      available: '0.00000000',
      frozen: '0.00000000',
      volumeThreshold: '0.00000000',
      volume: '0.00000000',
      volumeMet: true,
      payPasswordSet: false,
      primaryVerified: false,
      verifyLevel: 0,
      walletBound: false,
      withdrawFrozen: false,
      estimatedMinutes: 120,
      chains: [
        { chain: 'TRC20', withdrawEnabled: true, fee: '1.00000000', minimum: '10.00000000' },
        { chain: 'ERC20', withdrawEnabled: true, fee: '5.00000000', minimum: '20.00000000' },
        { chain: 'BEP20', withdrawEnabled: true, fee: '0.50000000', minimum: '10.00000000' },
      ],
    });
    const btc = expectOkData(
      await server.call(moneyCalls.findWithdrawTerms, { currency: 'BTC' }, { token }),
    );
    expect(btc).toMatchObject({ chain: 'Bitcoin', fee: '0.00020000', decimals: 8 });
    expectRefused(
      await server.call(moneyCalls.findWithdrawTerms, { chain: 'SOL' }, { token }),
      'chainNotSupported',
    );
    const ready = await readyTrader('75');
    expect(
      expectOkData(await server.call(moneyCalls.findWithdrawTerms, {}, { token: ready.token })),
    ).toMatchObject({
      chain: 'TRC20',
      available: '75.00000000',
      payPasswordSet: true,
      primaryVerified: true,
      verifyLevel: 1,
      walletBound: true,
    });
  });
});

describe('concurrent withdrawals against one balance', () => {
  it('never overdraw, and the platform check stays clean', async () => {
    const { token, walletId } = await readyTrader('100');
    // 16 per withdrawal (15 + fee 1): at most six of twenty fit into 100.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(token, { walletId, amount: '15', payPassword: PAY_PASSWORD }),
      ),
    );
    const passed = answers.filter((a) => a.status === 1);
    const refused = answers.filter((a) => a.status !== 1);
    expect(passed).toHaveLength(6);
    for (const answer of refused) expectRefused(answer, 'insufficientBalance');
    expect(await realCoin(token)).toEqual({ available: '4.00000000', frozen: '96.00000000' });
    const page = expectOkData(
      await server.call(moneyCalls.findByUserWithdrawPage, { pageSize: 100 }, { token }),
    );
    expect(page.total).toBe(6);
    const report = await checkPlatform(server.app.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // Finish some both ways; still clean.
    const ids = passed.map((a) => (a.data as { id: number }).id);
    await advance(ids[0]!);
    await advance(ids[0]!);
    await advance(ids[0]!);
    await rejectW(ids[1]!, 'Duplicate request');
    expect((await checkPlatform(server.app.db)).problems).toEqual([]);
    expect(await realCoin(token)).toEqual({ available: '20.00000000', frozen: '64.00000000' });
  });

  it('a hold the records do not explain is a finding', async () => {
    const { token, walletId } = await readyTrader('40');
    const record = expectOkData(
      await withdraw(token, { walletId, amount: '10', payPassword: PAY_PASSWORD }),
    );
    // Pretend the row was lost: the ledger still holds 11 for it.
    await server.app.db
      .updateTable('withdrawals')
      .set({ status: 'completed' })
      .where('id', '=', BigInt(record.id))
      .execute();
    const report = await checkPlatform(server.app.db);
    expect(report.problems.map((p) => p.kind)).toEqual(['hold-mismatch']);
    await server.app.db
      .updateTable('withdrawals')
      .set({ status: 'application' })
      .where('id', '=', BigInt(record.id))
      .execute();
    expect((await checkPlatform(server.app.db)).ok).toBe(true);
  });
});
