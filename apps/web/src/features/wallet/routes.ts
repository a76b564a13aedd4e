/** The spec's routes of bound addresses (SPEC.md section 2), spelled as it spells them. */
export const WALLET_ROUTES = {
  list: '/pages/wallet/index',
  address: '/pages/wallet/WalletAddress',
} as const;
