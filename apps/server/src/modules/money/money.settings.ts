import { formatMoney, parseMoney, tryParseMoney } from '@tidemark/contract';
import type { Executor, Trx } from '../../db/database';
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
  /** When either was last stored (ms); null before the first start stored them. */
  updatedAt: number | null;
}

const SETTING_KEYS = [WITHDRAW_SETTINGS.volumeThreshold.key, WITHDRAW_SETTINGS.estimateMinutes.key];

/** The settings in force, with defaults for a missing or unreadable value; one read. */
export async function withdrawSettings(db: Executor): Promise<WithdrawSettings> {
  const rows = await db
    .selectFrom('app_config')
    .select(['key', 'value', 'updated_at'])
    .where('key', 'in', SETTING_KEYS)
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const threshold = value(WITHDRAW_SETTINGS.volumeThreshold.key);
  const parsedThreshold = threshold === undefined ? null : tryParseMoney(threshold.trim());
  const parsedMinutes = Number(value(WITHDRAW_SETTINGS.estimateMinutes.key));
  return {
    volumeThreshold:
      parsedThreshold !== null && parsedThreshold >= 0n
        ? parsedThreshold
        : parseMoney(WITHDRAW_SETTINGS.volumeThreshold.default),
    estimateMinutes:
      Number.isInteger(parsedMinutes) && parsedMinutes > 0
        ? parsedMinutes
        : Number(WITHDRAW_SETTINGS.estimateMinutes.default),
    updatedAt: rows.length > 0 ? Math.max(...rows.map((row) => Number(row.updated_at))) : null,
  };
}

/** Stores new settings (operators, in their audited transaction); later requests use them. */
export async function saveWithdrawSettings(
  trx: Trx,
  settings: { volumeThreshold: bigint; estimateMinutes: number },
  now: number,
): Promise<void> {
  const values: [string, string][] = [
    [WITHDRAW_SETTINGS.volumeThreshold.key, formatMoney(settings.volumeThreshold)],
    [WITHDRAW_SETTINGS.estimateMinutes.key, String(settings.estimateMinutes)],
  ];
  for (const [key, value] of values) {
    await trx
      .insertInto('app_config')
      .values({ key, value, is_public: 0n, updated_at: BigInt(now) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: BigInt(now) }))
      .execute();
  }
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
