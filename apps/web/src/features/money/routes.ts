/** The spec's routes of deposits and withdrawals (SPEC.md section 2), spelled as it spells them. */
export const MONEY_ROUTES = {
  deposit: '/pages/deposit/index',
  depositTokens: '/pages/deposit/tokenList',
  records: '/pages/deposit/record',
  depositSuccess: '/pages/deposit/success',
  withdrawalDetails: '/pages/deposit/withdrawalDetails',
  withdraw: '/pages/Withdrawal/index',
  withdrawTokens: '/pages/Withdrawal/tokenList',
  withdrawSuccess: '/pages/Withdrawal/success',
} as const;

/** A route with its query, leaving out empty values. */
export function withQuery(
  path: string,
  query: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The record a form passed to its success page in the navigation's state (absent after a reload or
 * a link: the page then looks the record up by the id in its route).
 */
export function passedRecord<R extends { id: number }>(state: unknown): R | undefined {
  if (typeof state !== 'object' || state === null || !('record' in state)) return undefined;
  const record = (state as { record: unknown }).record;
  return typeof record === 'object' && record !== null && 'id' in record
    ? (record as R)
    : undefined;
}

/** A record's id from a route's query ("?id=7"): null when it is missing or no id at all. */
export function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
