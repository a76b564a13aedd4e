import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { AUDIT_KEY, usePage } from '../../api/call-hooks';

export type AuditListInput = ConsoleCallInput<typeof consoleCalls.listAudit>;

export const auditKeys = {
  all: AUDIT_KEY,
  list: (input: AuditListInput) => [...auditKeys.all, 'list', input] as const,
};

export function useAuditLog(input: AuditListInput) {
  return usePage(consoleCalls.listAudit, auditKeys.list(input), input);
}

/** The actions the server writes to the audit log, for the filter (console.audit.actions.*). */
export const AUDIT_ACTIONS = [
  'deposit.approve',
  'deposit.reject',
  'withdrawal.advance',
  'withdrawal.reject',
  'withdrawal.fail',
  'kyc.approve',
  'kyc.reject',
  'user.freeze',
  'user.unfreeze',
  'chain.add',
  'chain.edit',
  'setting.withdrawal',
  'option.product',
  'option.periodAdd',
  'option.period',
  'option.restricted',
  'option.poolFund',
  'leverage.terms',
  'leverage.tier',
  'leverage.fund',
  'ledger.check',
  'upload.view',
  'operator.create',
  'operator.disable',
  'operator.enable',
  'operator.login',
  'operator.logout',
  'operator.password',
] as const;
