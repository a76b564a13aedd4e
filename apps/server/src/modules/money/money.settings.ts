import { parseMoney, tryParseMoney } from '@tidemark/contract';
import type { Executor } from '../../db/database';
import type { AppContext } from '../../http/context';

/**
 * Withdrawal settings in app_config (not public: the withdrawal terms call shows them to the
 * user), edited by operators in the console; a change applies to later requests.
 */
export const WITHDRAW_SETTINGS = {
  /** Trading volume in USDT (real book, spot) a user needs before withdrawing; "0" turns it off. */
  volumeThreshold: { key: 'withdrawVolumeThreshold', default: '100' },
  /** Minutes a withdrawal is expected to take; after that the page shows "contact service". */
  estimateMinutes: { key: 'withdrawEstimateMinutes', default: '120' },
} as const;

export interface WithdrawSettings {
  /** Units of 1e-8 USDT. */
  volumeThreshold: bigint;
  estimateMinutes: number;
}

async function read(db: Executor, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_config')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function withdrawSettings(db: Executor): Promise<WithdrawSettings> {
  const [threshold, minutes] = await Promise.all([
    read(db, WITHDRAW_SETTINGS.volumeThreshold.key),
    read(db, WITHDRAW_SETTINGS.estimateMinutes.key),
  ]);
  const parsedThreshold = threshold === undefined ? null : tryParseMoney(threshold.trim());
  const parsedMinutes = Number(minutes);
  return {
    volumeThreshold:
      parsedThreshold !== null && parsedThreshold >= 0n
        ? parsedThreshold
        : parseMoney(WITHDRAW_SETTINGS.volumeThreshold.default),
    estimateMinutes:
      Number.isInteger(parsedMinutes) && parsedMinutes > 0
        ? parsedMinutes
        : Number(WITHDRAW_SETTINGS.estimateMinutes.default),
  };
}

/** First start: the settings with their defaults (an existing value is left alone). */
export async function seedWithdrawSettings(app: AppContext): Promise<void> {
  const now = BigInt(app.clock.now());
  for (const setting of Object.values(WITHDRAW_SETTINGS)) {
    await app.db
      .insertInto('app_config')
      .values({ key: setting.key, value: setting.default, is_public: 0n, updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
