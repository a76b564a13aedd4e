import {
  loanCalls,
  newsign,
  type CallOutput,
  type Envelope,
  type LoanImageKind,
} from '@tidemark/contract';
import type { TestServer } from '../../test/harness';
import {
  consoleLogin,
  idempotencyKey,
  initialAdmin,
  pngImage,
  withdrawingTrader,
  type Trader,
} from '../console/console.test-support';

/**
 * Helpers of the loan tests: a trader who can borrow (primary verification and a credited deposit
 * give a score above the first band, through the operator's own review calls), and applications
 * sent as the app sends them: multipart with several files under `images`.
 */

export type LoanTrader = Trader & { walletId: number };

export async function adminToken(server: TestServer): Promise<string> {
  return consoleLogin(server, initialAdmin(server));
}

/** Verified, a 500 USDT deposit credited, pay password and a bound address: score 232. */
export function loanTrader(
  server: TestServer,
  admin: string,
  deposit = '500',
): Promise<LoanTrader> {
  return withdrawingTrader(server, admin, deposit);
}

/** The trader's own record of loan `id`, as the app lists it. */
export async function loanRecord(server: TestServer, trader: { token: string }, id: number) {
  const page = await server.call(
    loanCalls.findLoanCurrencyOrderPage,
    { page: 1, pageSize: 50 },
    { token: trader.token },
  );
  return page.data.list.find((l) => l.id === id)!;
}

export async function productOf(server: TestServer, cycleDays: number): Promise<number> {
  const answer = await server.call(loanCalls.findLoanProducts, {});
  const product = answer.data.list.find((p) => p.cycleDays === cycleDays);
  if (!product) throw new Error(`no ${cycleDays}-day loan product`);
  return product.id;
}

export interface ApplyFields {
  productId: number;
  amount: string;
  images?: number;
  imageKinds?: LoanImageKind[] | string;
  agreementAccepted?: string;
  /** The terms the trader saw, sent as the app sends them (optional). */
  cycleDays?: number;
  dailyRate?: string;
  overdueRate?: string;
}

/** insertLoanCurrencyOrder as multipart: `images` real PNGs under one field name. */
export async function applyForLoan(
  server: TestServer,
  token: string,
  fields: ApplyFields,
  key: string | null = idempotencyKey(),
): Promise<Envelope<CallOutput<typeof loanCalls.insertLoanCurrencyOrder>>> {
  const form = new FormData();
  form.set('productId', String(fields.productId));
  form.set('amount', fields.amount);
  if (fields.cycleDays !== undefined) form.set('cycleDays', String(fields.cycleDays));
  if (fields.dailyRate !== undefined) form.set('dailyRate', fields.dailyRate);
  if (fields.overdueRate !== undefined) form.set('overdueRate', fields.overdueRate);
  const count = fields.images ?? 2;
  for (let i = 0; i < count; i += 1) {
    const bytes = await pngImage(i + 5);
    form.append(
      'images',
      new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
      `image-${i}.png`,
    );
  }
  const kinds =
    fields.imageKinds ??
    (['idPhoto', 'incomeProof', 'creditReport', 'houseInfo'] as const).slice(0, count);
  form.set('imageKinds', Array.isArray(kinds) ? kinds.join(',') : String(kinds));
  if (fields.agreementAccepted !== '')
    form.set('agreementAccepted', fields.agreementAccepted ?? 'true');
  const headers: Record<string, string> = {
    appToken: token,
    newsign: newsign(server.config.newsignSecret, server.clock.now()),
  };
  if (key) headers['idempotency-key'] = key;
  const response = await fetch(`${server.url}${loanCalls.insertLoanCurrencyOrder.path}`, {
    method: 'POST',
    headers,
    body: form,
  });
  return (await response.json()) as Envelope<CallOutput<typeof loanCalls.insertLoanCurrencyOrder>>;
}

export async function coinBalance(server: TestServer, userId: number, currency = 'USDT') {
  const row = await server.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', 'user')
    .where('owner_id', '=', BigInt(userId))
    .where('book', '=', 'real')
    .where('wallet', '=', 'coin')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0n);
}

export async function fundBalanceOf(server: TestServer, currency = 'USDT') {
  const row = await server.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', 'system')
    .where('book', '=', 'real')
    .where('wallet', '=', 'loan_fund')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0n);
}
