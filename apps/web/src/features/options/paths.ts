/** The option pages (SPEC.md section 2, "Option delivery"; the public ones are ours). */
export const OPTIONS_TRADE_PATH = '/pages/futures/encryption';
export const OPTIONS_RECORD_PATH = '/pages/futures/record';
export const OPTIONS_DETAILS_PATH = '/pages/futures/details';
export const OPTIONS_INDEX_PATH = '/pages/futures/index';
export const OPTIONS_DESC_PATH = '/pages/futures/desc';
export const OPTIONS_VERIFY_PATH = '/pages/futures/verify';

export const optionsTradePath = (symbol: string) =>
  `${OPTIONS_TRADE_PATH}?symbol=${encodeURIComponent(symbol)}`;
export const optionDetailsPath = (orderId: number) => `${OPTIONS_DETAILS_PATH}?id=${orderId}`;
export const verifyRecordPath = (seq: number) => `${OPTIONS_VERIFY_PATH}?seq=${seq}`;
