import type { AuditAction, AuditTarget, ConsoleAuditEntry } from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { listPage, type Paging } from './console.paging';
import * as repo from './console.repository';

/** Who acts, from where: the operator of the session and the client's address. */
export interface Actor {
  operatorId: number;
  ip: string;
}

interface AuditRecord {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** JSON of a record: bigints as decimal strings, undefined as null. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * Writes one row of the append-only audit log, inside the transaction of the change it records:
 * the change and its record commit together or not at all.
 */
export function audit(
  app: AppContext,
  trx: Trx,
  actor: Actor,
  record: AuditRecord,
): Promise<number> {
  return repo.insertAudit(trx, {
    operator_id: BigInt(actor.operatorId),
    action: record.action,
    target_type: record.targetType,
    target_id: String(record.targetId),
    before_json: auditJson(record.before),
    after_json: auditJson(record.after),
    reason: record.reason ?? null,
    ip: actor.ip,
    created_at: BigInt(app.clock.now()),
  });
}

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** The audit log, newest first, by operator, action or target. */
export function auditLog(
  app: AppContext,
  query: Paging & {
    operatorId?: number | undefined;
    action: string | undefined;
    targetType: string | undefined;
    targetId: string | undefined;
  },
) {
  return listPage(
    query,
    (page) => repo.auditPage(app.db, query, page),
    (rows) =>
      rows.map((r): ConsoleAuditEntry => ({
        id: Number(r.id),
        operatorId: r.operator_id === null ? null : Number(r.operator_id),
        operatorUsername: r.username,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: parsed(r.before_json),
        after: parsed(r.after_json),
        reason: r.reason,
        ip: r.ip,
        createdAt: Number(r.created_at),
      })),
  );
}
