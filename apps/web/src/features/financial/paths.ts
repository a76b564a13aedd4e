/** The financial pages (SPEC.md section 2, "Financial"): the route paths keep the spec's spelling. */
export const FINANCIAL_INDEX_PATH = '/pages/Financial/index';
export const FINANCIAL_COMBO_PATH = '/pages/Financial/combo';
export const FINANCIAL_SUCCESS_PATH = '/pages/Financial/success';
export const FINANCIAL_RECORD_PATH = '/pages/Financial/TransactionRecord';

export const comboPath = (productId: number) => `${FINANCIAL_COMBO_PATH}?id=${productId}`;
export const successPath = (orderId: number) => `${FINANCIAL_SUCCESS_PATH}?id=${orderId}`;
export const recordPath = (orderId?: number) =>
  orderId === undefined ? FINANCIAL_RECORD_PATH : `${FINANCIAL_RECORD_PATH}?order=${orderId}`;
