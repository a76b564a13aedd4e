/** The leveraged contract's pages (SPEC.md section 2 "lever"; the member tier page is ours). */
export const LEVER_INDEX_PATH = '/pages/lever/index';
export const LEVER_TRADE_PATH = '/pages/lever/leverTrade';
export const LEVER_RECORD_PATH = '/pages/lever/record';
export const LEVER_DETAILS_PATH = '/pages/lever/details';
export const LEVER_DESC_PATH = '/pages/lever/desc';
export const MEMBER_TIER_PATH = '/pages/setting/memberTier';

export const leverTradePath = (symbol: string) =>
  `${LEVER_TRADE_PATH}?symbol=${encodeURIComponent(symbol)}`;
export const leverDetailsPath = (positionId: number) => `${LEVER_DETAILS_PATH}?id=${positionId}`;
