import { supportConsoleCalls, WITHDRAWAL_OPEN_STATES } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { actorOf, callerOf, consoleHandle, type BoundConsoleCall } from '../console/console.http';
import * as kyc from '../kyc/kyc.service';
import * as loan from '../loan/loan.service';
import * as money from '../money/money.service';
import { deskSetting, setDesk } from './support.link';
import * as support from './support.service';

/** Loans still running or awaiting a decision. */
const OPEN_LOAN_STATES: readonly string[] = ['applying', 'passed', 'overdue'];

/**
 * The trader's summary beside the chat, from the services that own each part: verification (kyc),
 * open withdrawals (money), open loans (loan).
 */
async function summary(app: AppContext, id: number) {
  const conversation = await support.consoleConversation(app, id);
  if (conversation.userId === null) return { conversation, trader: null };
  const userId = conversation.userId;
  const [auth, loans, ...withdrawals] = await Promise.all([
    kyc.userAuth(app, userId),
    loan.loanPage(app, userId, { page: 1, pageSize: 50 }),
    ...WITHDRAWAL_OPEN_STATES.map((status) =>
      money.withdrawalRecords(app, userId, { status, page: 1, pageSize: 20 }),
    ),
  ]);
  const profile = await support.traderProfile(app, userId);
  return {
    conversation,
    trader: {
      userId,
      account: conversation.account,
      nickname: profile.nickname,
      verifyLevel: auth.verifyLevel,
      primary: auth.primary.state,
      advanced: auth.advanced.state,
      openWithdrawals: withdrawals
        .flatMap((page) => page.list)
        .map((w) => ({
          id: w.id,
          currency: w.currency,
          amount: w.amount,
          status: w.status,
          at: w.createdAt,
        }))
        .sort((a, b) => b.at - a.at),
      loans: loans.list
        .filter((l) => OPEN_LOAN_STATES.includes(l.status))
        .map((l) => ({
          id: l.id,
          currency: l.currency,
          amount: l.amount,
          owed: l.owed,
          status: l.status,
          dueAt: l.dueAt,
        })),
      lastSeenAt: profile.lastSeenAt,
    },
  };
}

export const supportConsoleRoutes: BoundConsoleCall[] = [
  consoleHandle(supportConsoleCalls.listSupportConversations, (input, ctx) =>
    support.inbox(ctx.app, {
      status: input.status,
      operatorId: input.mine === 'true' || input.mine === '1' ? callerOf(ctx).id : null,
      page: input.page,
      pageSize: input.pageSize,
    }),
  ),
  consoleHandle(supportConsoleCalls.supportConversation, (input, ctx) =>
    summary(ctx.app, input.id),
  ),
  consoleHandle(supportConsoleCalls.listSupportMessages, (input, ctx) =>
    support.consoleMessages(ctx.app, input.id, input),
  ),
  consoleHandle(supportConsoleCalls.sendSupportMessage, (input, ctx) =>
    support.sendFromSupport(ctx.app, actorOf(ctx), input.id, input),
  ),
  consoleHandle(supportConsoleCalls.readSupportConversation, (input, ctx) =>
    support.markReadBySupport(ctx.app, input.id),
  ),
  consoleHandle(supportConsoleCalls.assignSupportConversation, (input, ctx) =>
    support.assign(ctx.app, actorOf(ctx), input.id, input.operatorId),
  ),
  consoleHandle(supportConsoleCalls.setSupportConversationStatus, (input, ctx) =>
    support.setStatus(ctx.app, actorOf(ctx), input.id, input.status),
  ),
  consoleHandle(supportConsoleCalls.listSupportAgents, (_input, ctx) => support.agents(ctx.app)),
  consoleHandle(supportConsoleCalls.listCannedReplies, (_input, ctx) => support.canned(ctx.app)),
  consoleHandle(supportConsoleCalls.saveCannedReply, (input, ctx) =>
    support.saveCanned(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(supportConsoleCalls.deleteCannedReply, (input, ctx) =>
    support.deleteCanned(ctx.app, actorOf(ctx), input.id),
  ),
  consoleHandle(supportConsoleCalls.supportDeskSetting, (_input, ctx) => deskSetting(ctx.app)),
  consoleHandle(supportConsoleCalls.setSupportDesk, (input, ctx) =>
    setDesk(ctx.app, actorOf(ctx), input.url),
  ),
];
