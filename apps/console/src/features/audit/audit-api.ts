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
