import { authCalls, consoleCalls, moneyCalls, userCalls, type Envelope } from '@tidemark/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  newOperator,
  newTrader,
  requestDeposit,
  submitPrimaryKyc,
  withdrawingTrader,
  startConsoleServer,
} from './console.test-support';

let server: TestServer;
let adminToken: string;
let reviewerToken: string;
let supportToken: string;
beforeAll(async () => {
  ({ server, admin: adminToken } = await startConsoleServer());
  reviewerToken = (await newOperator(server, adminToken, 'reviewer')).token;
  supportToken = (await newOperator(server, adminToken, 'support')).token;
});
afterAll(() => server.close());

const admin = () => ({ token: adminToken });

function expectCode(answer: Envelope<unknown>, code: string, status = '400') {
  expect(answer).toMatchObject({ status, code, data: null });
}

describe('users', () => {
  it('finds traders by id, part of the email and nickname, newest first', async () => {
    const a = await newTrader(server);
    const b = await newTrader(server);
    const byEmail = await consoleCall(
      server,
      consoleCalls.listUsers,
      { q: a.email.slice(0, 18).toUpperCase() },
      { token: supportToken },
    );
    expect(byEmail.data.list.map((u) => u.id)).toContain(a.userId);
    const byId = await consoleCall(
      server,
      consoleCalls.listUsers,
      { q: String(b.userId) },
      { token: supportToken },
    );
    expect(byId.data.list[0]).toMatchObject({
      id: b.userId,
      userId: b.userId,
      email: b.email,
      status: 'active',
    });
    const all = await consoleCall(
      server,
      consoleCalls.listUsers,
      { pageSize: 2 },
      { token: reviewerToken },
    );
    expect(all.data).toMatchObject({ page: 1, pageSize: 2 });
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    expect(all.data.list.map((u) => u.id)).toEqual([b.userId, a.userId]);
    // Wildcards are searched for literally.
    const percent = await consoleCall(
      server,
      consoleCalls.listUsers,
      { q: '%' },
      { token: supportToken },
    );
    expect(percent.data.total).toBe(0);
  });

  it('shows no nickname for a trader who has not chosen one, and the one chosen after', async () => {
    const trader = await newTrader(server);
    const find = async () =>
      (
        await consoleCall(
          server,
          consoleCalls.listUsers,
          { q: String(trader.userId) },
          { token: supportToken },
        )
      ).data.list[0];
    // The account starts with its masked e-mail as its name: that is no nickname.
    expect(
      (await server.call(userCalls.findUserInfo, {}, { token: trader.token })).data.nickname,
    ).toMatch(/\*\*\*@/);
    expect(await find()).toMatchObject({ id: trader.userId, nickname: null });
    const detail = await consoleCall(
      server,
      consoleCalls.getUser,
      { id: trader.userId },
      { token: supportToken },
    );
    expect(detail.data.user.nickname).toBeNull();
    const changed = await server.call(
      userCalls.updateUser,
      { nickname: 'Harbour Pilot' },
      { token: trader.token },
    );
    expect(changed.status).toBe(1);
    expect(await find()).toMatchObject({ nickname: 'Harbour Pilot' });
  });

  it("shows a trader's books, verification, wallets, orders and account-change log", async () => {
    const trader = await withdrawingTrader(server, adminToken, '250');
    const detail = await consoleCall(
      server,
      consoleCalls.getUser,
      { id: trader.userId },
      { token: supportToken },
    );
    expect(detail.status).toBe(1);
    const { data } = detail;
    expect(data.user).toMatchObject({ id: trader.userId, verifyLevel: 1, withdrawFrozen: false });
    expect(data.hasPayPassword).toBe(true);
    expect(data.balances).toEqual(
      expect.arrayContaining([
        {
          book: 'demo',
          wallet: 'coin',
          currency: 'USDT',
          available: '100000.00000000',
          frozen: '0.00000000',
        },
        {
          book: 'real',
          wallet: 'coin',
          currency: 'USDT',
          available: '250.00000000',
          frozen: '0.00000000',
        },
      ]),
    );
    expect(data.kyc).toEqual([
      expect.objectContaining({ kind: 'primary', status: 'verified', userAccount: trader.email }),
    ]);
    expect(data.wallets).toEqual([
      expect.objectContaining({ id: trader.walletId, chain: 'TRC20', deletedAt: null }),
    ]);
    expect(data.changes).toMatchObject({ book: 'real', total: 1, page: 1 });
    expect(data.changes.list[0]).toMatchObject({ type: 'deposit', amount: '250.00000000' });
    const demo = await consoleCall(
      server,
      consoleCalls.getUser,
      { id: trader.userId, book: 'demo' },
      { token: supportToken },
    );
    expect(demo.data.changes.list[0]).toMatchObject({
      type: 'demo-funding',
      amount: '100000.00000000',
    });
    expectCode(
      await consoleCall(server, consoleCalls.getUser, { id: 999_999 }, { token: supportToken }),
      'notFound',
      '404',
    );
  });
});

describe('wallet and chain configuration', () => {
  it('lists the chains, adds one with a valid address, refuses a bad or duplicate one', async () => {
    const list = await consoleCall(server, consoleCalls.listChains, {}, { token: reviewerToken });
    expect(list.data.list.map((c) => `${c.currency}/${c.chain}`)).toContain('USDT/TRC20');
    const base = {
      currency: 'trx',
      chain: 'TRON',
      addressFormat: 'tron' as const,
      withdrawFee: '1.5',
      withdrawMin: '10',
    };
    const rows = (await auditRows(server)).length;
    const bad = await consoleCall(
      server,
      consoleCalls.addChain,
      { ...base, depositAddress: 'TRbNkYJPMn8mk9216GVLZM1rbyWD4FSPyB' },
      admin(),
    );
    expect(bad).toMatchObject({ status: '400', code: 'addressInvalid', params: { chain: 'TRON' } });
    const evmOnTron = await consoleCall(
      server,
      consoleCalls.addChain,
      { ...base, depositAddress: '0xea3ca7366e2d8325db166a464ec9358ff076ec59' },
      admin(),
    );
    expectCode(evmOnTron, 'addressInvalid');
    expect((await auditRows(server)).length).toBe(rows);

    const added = await consoleCall(
      server,
      consoleCalls.addChain,
      { ...base, depositAddress: 'TRbNkYJPMn8mk9216GVLZM1rbyWD4FSPyA', decimals: 6 },
      admin(),
    );
    expect(added).toMatchObject({
      status: 1,
      data: {
        currency: 'TRX',
        chain: 'TRON',
        withdrawFee: '1.50000000',
        depositEnabled: true,
        decimals: 6,
      },
    });
    const dup = await consoleCall(
      server,
      consoleCalls.addChain,
      { ...base, depositAddress: 'TRbNkYJPMn8mk9216GVLZM1rbyWD4FSPyA' },
      admin(),
    );
    expectCode(dup, 'chainExists', '409');
    const [row] = await auditRows(server);
    expect(row).toMatchObject({ action: 'chain.add', target_id: String(added.data.id) });
    expectCode(
      await consoleCall(
        server,
        consoleCalls.addChain,
        { ...base, chain: 'TRON2', depositAddress: 'TRbNkYJPMn8mk9216GVLZM1rbyWD4FSPyA' },
        { token: reviewerToken },
      ),
      'forbidden',
      '403',
    );
  });

  it('edits a chain with validation; later deposits use the new address, earlier ones keep theirs', async () => {
    const list = await consoleCall(server, consoleCalls.listChains, {}, admin());
    const chain = list.data.list.find((c) => c.currency === 'USDT' && c.chain === 'ERC20')!;
    const trader = await newTrader(server);
    const before = await requestDeposit(server, trader, '10', 'ERC20');

    const rows = (await auditRows(server)).length;
    for (const [input, code] of [
      [{ depositAddress: 'TRbNkYJPMn8mk9216GVLZM1rbyWD4FSPyA' }, 'addressInvalid'],
      [{ depositAddress: '0x1234' }, 'addressInvalid'],
      [{ withdrawFee: '-1' }, 'incorrectAmount'],
      [{ withdrawMin: '0.0000001' }, 'incorrectAmount'],
      [{ depositEnabled: 'maybe' }, 'invalidInput'],
    ] as const) {
      const answer = await consoleCall(
        server,
        consoleCalls.editChain,
        { id: chain.id, ...input } as never,
        admin(),
      );
      expectCode(answer, code);
    }
    expect((await auditRows(server)).length).toBe(rows);
    expectCode(
      await consoleCall(server, consoleCalls.editChain, { id: 999_999, withdrawFee: '1' }, admin()),
      'notFound',
      '404',
    );

    const address = '0x00000000219ab540356cbb839cbe05303d7705fa';
    const edited = await consoleCall(
      server,
      consoleCalls.editChain,
      { id: chain.id, depositAddress: address, withdrawFee: '2', depositEnabled: true },
      admin(),
    );
    expect(edited).toMatchObject({
      status: 1,
      data: { depositAddress: address, withdrawFee: '2.00000000' },
    });
    const [row] = await auditRows(server);
    expect(row).toMatchObject({ action: 'chain.edit', target_id: String(chain.id) });
    expect(JSON.parse(row!.before_json!)).toMatchObject({ depositAddress: chain.depositAddress });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ depositAddress: address });

    const after = await requestDeposit(server, trader, '10', 'ERC20');
    const deposits = await consoleCall(
      server,
      consoleCalls.listDeposits,
      { userId: trader.userId },
      admin(),
    );
    const byId = new Map(deposits.data.list.map((d) => [d.id, d.address]));
    expect(byId.get(before)).toBe(chain.depositAddress);
    expect(byId.get(after)).toBe(address);
  });

  it('changes the withdrawal volume threshold; the trader sees it on the next request', async () => {
    const trader = await newTrader(server);
    // Later than the set-up's own save, so the update time below can only come from this one.
    server.clock.advance(60_000);
    const savedAt = server.clock.now();
    const set = await consoleCall(
      server,
      consoleCalls.setWithdrawalSettings,
      { volumeThreshold: '2500.5', estimateMinutes: 90 },
      admin(),
    );
    expect(set).toMatchObject({
      status: 1,
      data: { volumeThreshold: '2500.50000000', estimateMinutes: 90 },
    });
    const read = await consoleCall(
      server,
      consoleCalls.getWithdrawalSettings,
      {},
      { token: reviewerToken },
    );
    expect(read.data).toMatchObject({ volumeThreshold: '2500.50000000', estimateMinutes: 90 });
    const terms = await server.call(moneyCalls.findWithdrawTerms, {}, { token: trader.token });
    expect(terms.data).toMatchObject({ volumeThreshold: '2500.50000000', volumeMet: false });
    const [row] = await auditRows(server);
    expect(row).toMatchObject({ action: 'setting.withdrawal', target_type: 'setting' });
    // The set-up turned the threshold off (console.test-support), through this same call.
    expect(JSON.parse(row!.before_json!)).toEqual({
      volumeThreshold: '0.00000000',
      estimateMinutes: 120,
    });
    expect(JSON.parse(row!.after_json!)).toEqual({
      volumeThreshold: '2500.50000000',
      estimateMinutes: 90,
    });
    expect(set.data.updatedAt).toBeGreaterThanOrEqual(savedAt);
    expect(read.data.updatedAt).toBe(set.data.updatedAt);
    for (const volumeThreshold of ['-1', 'lots', '1.123456789']) {
      expectCode(
        await consoleCall(server, consoleCalls.setWithdrawalSettings, { volumeThreshold }, admin()),
        'incorrectAmount',
      );
    }
    expectCode(
      await consoleCall(
        server,
        consoleCalls.setWithdrawalSettings,
        { volumeThreshold: '1' },
        { token: reviewerToken },
      ),
      'forbidden',
      '403',
    );
  });
});

describe('ledger explorer', () => {
  it("lists a user's accounts and transactions and a transaction's balanced entries", async () => {
    const trader = await withdrawingTrader(server, adminToken, '75');
    const accounts = await consoleCall(
      server,
      consoleCalls.ledgerAccounts,
      { userId: trader.userId, book: 'real' },
      { token: reviewerToken },
    );
    expect(accounts.data.list).toEqual([
      expect.objectContaining({
        owner: 'user',
        userId: trader.userId,
        book: 'real',
        wallet: 'coin',
        currency: 'USDT',
        balance: '75.00000000',
        canBeNegative: false,
      }),
    ]);
    const system = await consoleCall(
      server,
      consoleCalls.ledgerAccounts,
      { owner: 'system', book: 'real', wallet: 'deposits_in_transit', currency: 'usdt' },
      { token: reviewerToken },
    );
    expect(system.data.list[0]).toMatchObject({
      owner: 'system',
      userId: null,
      canBeNegative: true,
    });

    const txs = await consoleCall(
      server,
      consoleCalls.ledgerTransactions,
      { userId: trader.userId },
      { token: reviewerToken },
    );
    expect(txs.data.list.map((t) => t.type)).toEqual(['deposit', 'demo-funding']);
    const deposit = txs.data.list[0]!;
    expect(deposit.entryCount).toBe(2);
    const detail = await consoleCall(
      server,
      consoleCalls.ledgerTransactionById,
      { id: deposit.id },
      { token: reviewerToken },
    );
    expect(detail.data.transaction).toEqual(deposit);
    const amounts = detail.data.entries.map((e) => e.amount);
    expect(amounts.sort()).toEqual(['-75.00000000', '75.00000000']);
    const byType = await consoleCall(
      server,
      consoleCalls.ledgerTransactions,
      { type: 'deposit' },
      admin(),
    );
    expect(byType.data.list.every((t) => t.type === 'deposit')).toBe(true);
    expectCode(
      await consoleCall(server, consoleCalls.ledgerTransactionById, { id: 999_999_999 }, admin()),
      'notFound',
      '404',
    );
  });

  it('runs the invariant check, answers its findings and records that it ran', async () => {
    const report = await consoleCall(
      server,
      consoleCalls.ledgerCheck,
      {},
      { token: reviewerToken },
    );
    expect(report).toMatchObject({ status: 1, data: { ok: true, problems: [] } });
    expect(report.data.transactions).toBeGreaterThan(0);
    const [row] = await auditRows(server);
    expect(row).toMatchObject({ action: 'ledger.check', target_type: 'ledger' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ ok: true, problems: 0 });
    expectCode(
      await consoleCall(server, consoleCalls.ledgerCheck, {}, { token: supportToken }),
      'forbidden',
      '403',
    );
  });
});

describe('dashboard, outbox and audit log', () => {
  it('counts the queues, today, and users', async () => {
    const before = await consoleCall(
      server,
      consoleCalls.getDashboard,
      {},
      { token: supportToken },
    );
    const trader = await newTrader(server);
    await requestDeposit(server, trader, '40');
    await submitPrimaryKyc(server, trader);
    const credited = await requestDeposit(server, trader, '60');
    await consoleCall(server, consoleCalls.approveDeposit, { id: credited }, admin());
    const after = await consoleCall(server, consoleCalls.getDashboard, {}, { token: supportToken });
    expect(after.data.pending.deposits).toBe(before.data.pending.deposits + 1);
    expect(after.data.pending.kyc).toBe(before.data.pending.kyc + 1);
    expect(after.data.today.depositRequests).toBe(before.data.today.depositRequests + 2);
    expect(after.data.today.deposits.count).toBe(before.data.today.deposits.count + 1);
    expect(Number(after.data.today.deposits.usdt) - Number(before.data.today.deposits.usdt)).toBe(
      60,
    );
    expect(after.data.today.users).toBe(before.data.today.users + 1);
    expect(after.data.usersTotal).toBe(before.data.usersTotal + 1);
    expect(after.data.dayStart % 86_400_000).toBe(0);
  });

  it('shows the dev outbox newest first, to support', async () => {
    const email = uniqueEmail('outbox');
    await server.call(authCalls.sendMailValidCode, { email });
    const outbox = await consoleCall(
      server,
      consoleCalls.listOutbox,
      { to: email },
      { token: supportToken },
    );
    expect(outbox.data.total).toBe(1);
    expect(outbox.data.list[0]).toMatchObject({
      channel: 'email',
      to: email,
      code: server.lastCode(email),
    });
    const all = await consoleCall(
      server,
      consoleCalls.listOutbox,
      { pageSize: 1 },
      { token: supportToken },
    );
    expect(all.data.list[0]!.to).toBe(email);
    expectCode(
      await consoleCall(server, consoleCalls.listOutbox, {}, { token: reviewerToken }),
      'forbidden',
      '403',
    );
  });

  it('lists the audit log newest first with before and after, by target', async () => {
    const trader = await newTrader(server);
    await consoleCall(
      server,
      consoleCalls.freezeUser,
      { id: trader.userId, scope: 'withdrawal', reason: 'Checking source of funds' },
      { token: supportToken },
    );
    const log = await consoleCall(
      server,
      consoleCalls.listAudit,
      { targetType: 'user', targetId: String(trader.userId) },
      { token: reviewerToken },
    );
    expect(log.data.total).toBe(1);
    expect(log.data.list[0]).toMatchObject({
      action: 'user.freeze',
      operatorUsername: expect.stringMatching(/^support\./),
      reason: 'Checking source of funds',
      before: expect.objectContaining({ withdrawFrozen: false }),
      after: expect.objectContaining({ withdrawFrozen: true }),
      ip: '127.0.0.1',
    });
    const everything = await consoleCall(server, consoleCalls.listAudit, { pageSize: 5 }, admin());
    const ids = everything.data.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses UPDATE and DELETE of audit rows at the database', async () => {
    const [row] = await auditRows(server);
    const id = row!.id;
    await expect(
      server.app.db
        .updateTable('audit_log')
        .set({ reason: 'rewritten' })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      server.app.db.deleteFrom('audit_log').where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(server.app.db)).rejects.toThrow(/append-only/);
    const [still] = await auditRows(server);
    expect(still).toEqual(row);
  });
});
