import { compiled } from '../db/compiled';
import type { Db, Trx } from '../db/database';
import { isUniqueViolation } from '../db/database';
import type { GroupCommitter } from '../db/group-commit';
import { DomainError } from '../http/domain-error';
import { sha256 } from '../lib/secrets';
import type { IdempotencyRecordTable } from './ledger.table';

export interface IdempotentCall {
  userId: number;
  /** The call's path: one key may be reused across different calls. */
  call: string;
  key: string | undefined;
  /** The parsed input: the same key with a different input is refused. */
  input: unknown;
  now: number;
}

/** localeCompare's order (what stored hashes were made with), without a collator per call. */
const keyOrder = new Intl.Collator().compare;

function requestHash(input: unknown): string {
  const canonical = JSON.stringify(input, (_k, v: unknown) =>
    typeof v === 'bigint'
      ? v.toString()
      : v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) => keyOrder(a, b)),
          )
        : v,
  );
  return sha256(canonical);
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

const storedAnswer = compiled<
  { userId: bigint; call: string; key: string },
  { request_hash: string; response: string }
>((db, value) =>
  db
    .selectFrom('idempotency_records')
    .select(['request_hash', 'response'])
    .where('user_id', '=', value('userId'))
    .where('call', '=', value('call'))
    .where('idem_key', '=', value('key')),
);

/** An answer's row: the table's columns but its generated id. */
const storeAnswer = compiled<Omit<IdempotencyRecordTable, 'id'>, unknown>((db, value) =>
  db.insertInto('idempotency_records').values({
    user_id: value('user_id'),
    call: value('call'),
    idem_key: value('idem_key'),
    request_hash: value('request_hash'),
    response: value('response'),
    created_at: value('created_at'),
  }),
);

async function lookup<T>(
  db: Trx | Db,
  call: IdempotentCall,
  key: string,
  hash: string,
): Promise<{ hit: true; value: T } | { hit: false }> {
  const [row] = await storedAnswer(db, { userId: BigInt(call.userId), call: call.call, key });
  if (!row) return { hit: false };
  if (row.request_hash !== hash) throw new DomainError('idempotencyConflict');
  return { hit: true, value: JSON.parse(row.response) as T };
}

/**
 * The answer already given to this Idempotency-Key, if any: a call whose checks read state that
 * may change (a pay password, a threshold) answers a retry from here before checking again, so
 * the retry gets the first answer rather than a refusal. The same key with a different input is
 * refused with idempotencyConflict.
 */
export async function earlierAnswer<T>(db: Db, call: IdempotentCall): Promise<T | undefined> {
  if (!call.key || !KEY_PATTERN.test(call.key)) return undefined;
  const earlier = await lookup<T>(db, call, call.key, requestHash(call.input));
  return earlier.hit ? earlier.value : undefined;
}

/**
 * Runs a money-moving call once per Idempotency-Key (DESIGN.md section 4): the first answer is
 * stored in the same database transaction as the effects, so a retry gets that answer again and
 * changes nothing; the same key with a different input is refused with idempotencyConflict. When
 * two identical requests race (PostgreSQL), the loser's transaction rolls back and it answers the
 * winner's stored result. Without a key (a client built from SPEC.md alone sends none) the call
 * applies once per request, in one transaction, and nothing is stored.
 */
export async function once<T>(
  writer: GroupCommitter,
  call: IdempotentCall,
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  if (call.key === undefined) return writer.run(work);
  if (!KEY_PATTERN.test(call.key)) throw new DomainError('invalidInput');
  const key = call.key;
  const hash = requestHash(call.input);

  const stored = (trx: Trx) => lookup<T>(trx, call, key, hash);

  try {
    return await writer.run(async (trx) => {
      const earlier = await stored(trx);
      if (earlier.hit) return earlier.value;
      const value = await work(trx);
      await storeAnswer(trx, {
        user_id: BigInt(call.userId),
        call: call.call,
        idem_key: key,
        request_hash: hash,
        response: JSON.stringify(value),
        created_at: BigInt(call.now),
      });
      return value;
    });
  } catch (error) {
    // A concurrent twin may have won the race and stored its answer meanwhile.
    if (error instanceof DomainError && error.key === 'idempotencyConflict') throw error;
    const earlier = await writer.run(stored).catch(() => ({ hit: false as const }));
    if (earlier.hit) return earlier.value;
    if (isUniqueViolation(error)) throw new DomainError('idempotencyConflict');
    throw error;
  }
}
