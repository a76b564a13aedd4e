import {
  formatMoney,
  parseMoney,
  teamConsoleCalls as c,
  type RebateSource,
  type RebateState,
  type TeamTerms,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemBalances } from '../../ledger/queries';
import { audit, type Actor } from '../console/console.audit';
import { fundFromTreasury } from '../console/console.funding';
import { actorOf, consoleHandle, type BoundConsoleCall } from '../console/console.http';
import * as repo from './team.repository';
import { shortCurrencies, terms, TERMS_KEY, validTerms, waitsForBudget } from './team.service';

/**
 * The operator's team calls. Terms apply to rebates recorded afterwards (each keeps its rate and
 * window); funding the budget is a ledger transfer from the treasury; both are audited. Nothing
 * here changes a recorded rebate.
 */

const BOOK = 'real' as const;

type TermsInput = Partial<
  Pick<
    TeamTerms,
    'depositRate' | 'profitRate' | 'depositRate2' | 'profitRate2' | 'windowStart' | 'windowEnd'
  >
>;

export async function setTerms(app: AppContext, actor: Actor, input: TermsInput) {
  return app.writer.run(async (trx) => {
    const before = await terms(app, trx);
    const defined = Object.fromEntries(
      Object.entries(input).filter(([, v]) => v !== undefined),
    ) as TermsInput;
    const after: TeamTerms = { ...before, ...defined };
    for (const k of ['depositRate', 'profitRate', 'depositRate2', 'profitRate2'] as const) {
      after[k] = formatMoney(parseMoney(after[k]));
    }
    if (!validTerms(after)) throw new DomainError('teamTermsInvalid');
    const value = JSON.stringify({
      depositRate: after.depositRate,
      profitRate: after.profitRate,
      depositRate2: after.depositRate2,
      profitRate2: after.profitRate2,
      windowStart: after.windowStart,
      windowEnd: after.windowEnd,
    });
    const now = BigInt(app.clock.now());
    await trx
      .insertInto('app_config')
      .values({ key: TERMS_KEY, value, is_public: 0n, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
    await audit(app, trx, actor, {
      action: 'team.terms',
      targetType: 'team',
      targetId: 'terms',
      before,
      after,
    });
    return after;
  });
}

export async function budget(app: AppContext) {
  const now = app.clock.now();
  const [balances, payable, owed, uncovered] = await Promise.all([
    systemBalances(app.db, BOOK, 'rebate_budget'),
    systemBalances(app.db, BOOK, 'rebates_payable'),
    repo.obligations(app.db, now),
    repo.uncoveredSums(app.db),
  ]);
  const currencies = new Set([
    ...balances.keys(),
    ...payable.keys(),
    ...owed.map((o) => o.currency),
    ...uncovered.map((u) => u.currency),
  ]);
  return {
    rows: [...currencies].sort().map((currency) => {
      const balance = balances.get(currency) ?? 0n;
      const o = owed.find((x) => x.currency === currency);
      const pending = o?.pending ?? 0n;
      return {
        currency,
        balance: formatMoney(balance),
        pending: formatMoney(pending),
        headroom: formatMoney(balance - pending),
        waiting: o && o.due > balance ? o.dueCount : 0,
        uncovered: formatMoney(uncovered.find((u) => u.currency === currency)?.total ?? 0n),
        uncoveredCount: uncovered.find((u) => u.currency === currency)?.count ?? 0,
        payable: formatMoney(payable.get(currency) ?? 0n),
      };
    }),
  };
}

export async function fundBudget(
  app: AppContext,
  actor: Actor,
  input: { currency: string; amount: string },
) {
  await fundFromTreasury(app, actor, {
    book: BOOK,
    wallet: 'rebate_budget',
    currency: input.currency,
    amount: input.amount,
    reference: `rebate-budget:${input.currency}:fund`,
    audit: {
      action: 'team.budgetFund',
      targetType: 'team',
      targetId: `budget:${input.currency}`,
      field: 'balance',
    },
  });
  return budget(app);
}

const shown = (m: repo.Member) => ({
  id: Number(m.id),
  account: m.email ?? (m.phone ? `+${m.area_code ?? ''} ${m.phone}` : ''),
  joinedAt: Number(m.created_at),
});

export async function tree(app: AppContext, input: { user: string }) {
  const text = input.user.trim();
  const user = /^\d+$/.test(text)
    ? await repo.member(app.db, Number(text))
    : await repo.findUserByAccount(app.db, text);
  if (!user) throw new DomainError('notFound');
  const friends = await repo.friends(app.db, [user.id]);
  const agents = await repo.friends(
    app.db,
    friends.map((f) => f.id),
  );
  return {
    user: {
      ...shown(user),
      inviterId: user.inviter_id === null ? null : Number(user.inviter_id),
      inviteCode: user.invite_code,
    },
    friends: friends.map((f) => ({
      ...shown(f),
      agents: agents.filter((a) => a.inviter_id === f.id).map(shown),
    })),
  };
}

export async function rebates(
  app: AppContext,
  input: {
    userId?: number | undefined;
    state?: RebateState | undefined;
    source?: RebateSource | undefined;
    currency?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const now = app.clock.now();
  const [[rows, total], short] = await Promise.all([
    repo.rebatePage(
      app.db,
      { ...input, currency: input.currency?.toUpperCase() },
      {
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      },
    ),
    shortCurrencies(app),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      friendId: Number(r.friend_id),
      level: Number(r.level),
      source: r.source as RebateSource,
      sourceRef: r.source_ref,
      currency: r.currency,
      orderTotal: formatMoney(r.base),
      rate: formatMoney(r.rate),
      rebate: formatMoney(r.amount),
      uncovered: formatMoney(r.uncovered),
      state: r.state as RebateState,
      createdAt: Number(r.created_at),
      dueAt: Number(r.due_from),
      releasedAt: r.released_at === null ? null : Number(r.released_at),
      waitingForBudget: waitsForBudget(r, now, short),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Every operator team call with its handler. */
export const teamConsoleRoutes: readonly BoundConsoleCall[] = [
  consoleHandle(c.teamTermsConsole, (_input, ctx) => terms(ctx.app)),
  consoleHandle(c.setTeamTerms, (input, ctx) => setTerms(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.teamBudget, (_input, ctx) => budget(ctx.app)),
  consoleHandle(c.fundTeamBudget, (input, ctx) => fundBudget(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.teamTree, (input, ctx) => tree(ctx.app, input)),
  consoleHandle(c.teamRebates, (input, ctx) => rebates(ctx.app, input)),
];
