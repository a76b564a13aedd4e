import { consoleCalls as c } from '@tidemark/contract';
import { auditLog } from './console.audit';
import { actorOf, callerOf, consoleHandle, type BoundConsoleCall } from './console.http';
import * as config from './config.service';
import { dashboard } from './dashboard.service';
import * as ledger from './ledger.service';
import * as operators from './operator.service';
import { outbox } from './outbox.service';
import * as queues from './queues.service';
import * as users from './users.service';

/** Every operator call with its handler; registerConsole checks that the two agree. */
export const consoleRoutes: readonly BoundConsoleCall[] = [
  // session
  consoleHandle(c.login, (input, ctx) => operators.login(ctx.app, input, ctx.ip)),
  consoleHandle(c.logout, (_input, ctx) => operators.logout(ctx.app, callerOf(ctx), ctx.ip)),
  consoleHandle(c.me, (_input, ctx) => operators.me(ctx.app, callerOf(ctx))),
  consoleHandle(c.changePassword, (input, ctx) =>
    operators.changePassword(ctx.app, callerOf(ctx), input, ctx.ip),
  ),

  // operators
  consoleHandle(c.listOperators, (input, ctx) => operators.listOperators(ctx.app, input)),
  consoleHandle(c.createOperator, (input, ctx) =>
    operators.createOperator(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(c.disableOperator, (input, ctx) =>
    operators.setOperatorStatus(ctx.app, actorOf(ctx), input, 'disabled'),
  ),
  consoleHandle(c.enableOperator, (input, ctx) =>
    operators.setOperatorStatus(ctx.app, actorOf(ctx), input, 'active'),
  ),

  consoleHandle(c.getDashboard, (_input, ctx) => dashboard(ctx.app)),

  // queues
  consoleHandle(c.listDeposits, (input, ctx) => queues.deposits(ctx.app, input)),
  consoleHandle(c.approveDeposit, (input, ctx) =>
    queues.approveDeposit(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(c.rejectDeposit, (input, ctx) =>
    queues.rejectDeposit(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(c.listWithdrawals, (input, ctx) => queues.withdrawals(ctx.app, input)),
  consoleHandle(c.advanceWithdrawal, (input, ctx) =>
    queues.advanceWithdrawal(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(c.rejectWithdrawal, (input, ctx) =>
    queues.rejectWithdrawal(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(c.failWithdrawal, (input, ctx) =>
    queues.failWithdrawal(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(c.listKyc, (input, ctx) => queues.kyc(ctx.app, input)),
  consoleHandle(c.approveKyc, (input, ctx) => queues.approveKyc(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.rejectKyc, (input, ctx) => queues.rejectKyc(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.viewUpload, (input, ctx) => queues.viewUpload(ctx.app, actorOf(ctx), input)),

  // users
  consoleHandle(c.listUsers, (input, ctx) => users.listUsers(ctx.app, input)),
  consoleHandle(c.getUser, (input, ctx) => users.userDetail(ctx.app, input)),
  consoleHandle(c.freezeUser, (input, ctx) => users.setFreeze(ctx.app, actorOf(ctx), input, true)),
  consoleHandle(c.unfreezeUser, (input, ctx) =>
    users.setFreeze(ctx.app, actorOf(ctx), input, false),
  ),

  // wallet and chain configuration
  consoleHandle(c.listChains, (input, ctx) => config.listChains(ctx.app, input)),
  consoleHandle(c.addChain, (input, ctx) => config.addChain(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.editChain, (input, ctx) => config.editChain(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.getWithdrawalSettings, (_input, ctx) => config.withdrawalSettings(ctx.app)),
  consoleHandle(c.setWithdrawalSettings, (input, ctx) =>
    config.setWithdrawalSettings(ctx.app, actorOf(ctx), input),
  ),

  // ledger explorer
  consoleHandle(c.ledgerAccounts, (input, ctx) => ledger.accounts(ctx.app, input)),
  consoleHandle(c.ledgerTransactions, (input, ctx) => ledger.transactions(ctx.app, input)),
  consoleHandle(c.ledgerTransactionById, (input, ctx) => ledger.transaction(ctx.app, input.id)),
  consoleHandle(c.ledgerCheck, (_input, ctx) => ledger.check(ctx.app, actorOf(ctx))),

  // audit log and outbox
  consoleHandle(c.listAudit, (input, ctx) => auditLog(ctx.app, input)),
  consoleHandle(c.listOutbox, (input, ctx) => outbox(ctx.app, input)),
];
