import {
  contentCalls,
  moneyCalls,
  userCalls,
  walletCalls,
  type SiteMail,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../db/database';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { rejectKyc } from '../kyc/kyc.review';
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
  submitPrimary,
  verifyPrimary,
} from '../money/custody.test-kit';
import { advanceWithdrawal, rejectDeposit, rejectWithdrawal } from '../money/money.review';
import { WITHDRAW_SETTINGS } from '../money/money.settings';
import { sendSystemMail } from './content.mail';

let server: TestServer;
let operator: number;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  operator = await operatorId(server);
  await setConfig(server, WITHDRAW_SETTINGS.volumeThreshold.key, '0');
});
afterAll(() => server.close());

const run = <T>(work: (trx: Trx) => Promise<T>) => server.app.writer.run(work);

async function mails(token: string): Promise<SiteMail[]> {
  return expectOkData(
    await server.call(contentCalls.findUserMsgList, { page: 1, pageSize: 50 }, { token }),
  ).list;
}

async function unread(token: string): Promise<number> {
  const answer = expectOkData(
    await server.call(contentCalls.selectSiteMailByUserId, {}, { token }),
  );
  return (answer as { unread: number }).unread;
}

async function userId(token: string): Promise<number> {
  return expectOkData(await server.call(userCalls.findUserInfo, {}, { token })).id;
}

describe('system mail', () => {
  it('a credited deposit writes a mail in English by default, announced live, and unread', async () => {
    const { token } = await server.register();
    const id = await userId(token);
    const socket = await server.subscribe(['user'], token);
    try {
      await fund(server, token, '125.5');
      const frame = await socket.next((f) => (f.data as { event?: string }).event === 'mail.new');
      expect(frame.data).toEqual({ event: 'mail.new', unread: 1 });
    } finally {
      socket.close();
    }
    const [mail] = await mails(token);
    expect(mail).toMatchObject({
      title: 'Deposit credited',
      body: 'Your deposit of 125.5 USDT has been credited to your currency account.',
      read: false,
    });
    expect(await unread(token)).toBe(1);
    // Opening it marks it read.
    const opened = expectOkData(
      await server.call(contentCalls.selectSiteMailByUserId, { id: mail!.id }, { token }),
    );
    expect(opened).toMatchObject({ id: mail!.id, read: true });
    expect(await unread(token)).toBe(0);
    expect(id).toBeGreaterThan(0);
  });

  it('writes in the language the app told; an unknown language is refused', async () => {
    const { token } = await server.register();
    expectOkData(await server.call(contentCalls.setUserLanguage, { lang: 'de' }, { token }));
    expectRefused(
      await server.call(contentCalls.setUserLanguage, { lang: 'xx' } as never, { token }),
      'invalidInput',
    );
    await fund(server, token, '10');
    expect((await mails(token))[0]).toMatchObject({
      title: 'Einzahlung gutgeschrieben',
      body: 'Ihre Einzahlung von 10 USDT wurde Ihrem Spot-Konto gutgeschrieben.',
    });
    expectOkData(await server.call(contentCalls.setUserLanguage, { lang: 'ar' }, { token }));
    await fund(server, token, '3');
    expect((await mails(token))[0]!.title).toBe('تمت إضافة الإيداع');
  });

  it('a rejected deposit, a completed and a rejected withdrawal each write their mail', async () => {
    const { token } = await server.register();
    await verifyPrimary(server, token);
    await setPayPassword(server, token);
    const walletId = expectOkData(
      await multipartCall(
        server,
        walletCalls.userBindingWallet,
        { chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
        { token },
      ),
    ).id;
    await fund(server, token, '500');
    const deposit = expectOkData(
      await multipartCall(
        server,
        moneyCalls.insertUserRecharge,
        { currency: 'USDT', chain: 'TRC20', amount: '40', image: await pngImage(3) },
        { token },
      ),
    );
    await run((trx) =>
      rejectDeposit(server.app, trx, {
        id: deposit.id,
        operatorId: operator,
        reason: 'The screenshot shows no transfer',
      }),
    );
    const withdraw = async () =>
      expectOkData(
        await server.call(
          moneyCalls.insertUserWithdraw,
          { walletId, amount: '50', payPassword: PAY_PASSWORD },
          { token, headers: { 'Idempotency-Key': freshKey() } },
        ),
      );
    const first = await withdraw();
    for (let step = 0; step < 3; step++)
      await run((trx) =>
        advanceWithdrawal(server.app, trx, { id: first.id, operatorId: operator }),
      );
    const second = await withdraw();
    await run((trx) =>
      rejectWithdrawal(server.app, trx, {
        id: second.id,
        operatorId: operator,
        reason: 'Address flagged by the chain analysis',
      }),
    );
    const titles = (await mails(token)).map((m) => m.title);
    expect(titles.slice(0, 3)).toEqual([
      'Withdrawal rejected',
      'Withdrawal completed',
      'Deposit not credited',
    ]);
    const list = await mails(token);
    expect(list[0]!.body).toContain('Reason: Address flagged by the chain analysis');
    expect(list[1]!.body).toBe('Your withdrawal of 50 USDT has been sent to your address.');
    expect(list[2]!.body).toBe(
      'Your deposit of 40 USDT was not credited. Reason: The screenshot shows no transfer',
    );
    // verifyPrimary's approval wrote the first mail of all.
    expect(list.at(-1)!.title).toBe('Verification passed');
  });

  it('a failed verification writes its reason', async () => {
    const { token } = await server.register();
    const submitted = expectOkData(await submitPrimary(server, token));
    await run((trx) =>
      rejectKyc(server.app, trx, {
        id: submitted.id,
        operatorId: operator,
        reason: 'The ID photo is blurred',
      }),
    );
    expect((await mails(token))[0]).toMatchObject({
      title: 'Verification failed',
      body: 'Your identity verification was not approved. Reason: The ID photo is blurred You may submit it again.',
    });
  });

  it('loan and financial mails are written by their kinds', async () => {
    const { token } = await server.register();
    const id = await userId(token);
    await run(async (trx) => {
      await sendSystemMail(server.app, trx, id, 'loanApproved', {
        amount: '1000',
        currency: 'USDT',
      });
      await sendSystemMail(server.app, trx, id, 'financialMatured', {
        product: 'Stable 30',
        amount: '200',
        interest: '3.5',
        currency: 'USDT',
      });
    });
    const list = await mails(token);
    expect(list.map((m) => m.title)).toEqual(['Financial order matured', 'Loan approved']);
    expect(list[0]!.body).toBe(
      'Your Stable 30 order has matured: 200 USDT principal and 3.5 USDT interest are back in your account.',
    );
  });
});

describe('mailbox access', () => {
  it("another trader's mail is unreachable and paging is the caller's own", async () => {
    const a = await server.register();
    const b = await server.register();
    await fund(server, a.token, '7');
    const [mail] = await mails(a.token);
    expectRefused(
      await server.call(contentCalls.selectSiteMailByUserId, { id: mail!.id }, { token: b.token }),
      'notFound',
      undefined,
      '404',
    );
    expect(await mails(b.token)).toEqual([]);
    expect(await unread(a.token)).toBe(1);
    const anonymous = await server.call(contentCalls.findUserMsgList, { page: 1, pageSize: 10 });
    expect(anonymous.status).not.toBe(1);
  });
});
