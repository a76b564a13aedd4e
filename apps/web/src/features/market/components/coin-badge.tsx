/** Brand colours of the configured coins; any other coin gets a steady colour from its name. */
const BRAND: Record<string, string> = {
  BTC: '#f7931a',
  ETH: '#627eea',
  BNB: '#e8b30b',
  SOL: '#9945ff',
  XRP: '#3b6fb6',
  DOGE: '#c2a633',
  ADA: '#2a5ada',
  TRX: '#eb0029',
  LTC: '#345d9d',
  DOT: '#e6007a',
  LINK: '#2a5ada',
  AVAX: '#e84142',
  USDT: '#26a17b',
};

function colourOf(coin: string): string {
  const known = BRAND[coin];
  if (known) return known;
  let hash = 0;
  for (const ch of coin) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${hash} 55% 45%)`;
}

/** A round badge with the coin's initial, in place of a logo (no images to download). */
export function CoinBadge({ coin, size = 32 }: { coin: string; size?: number }) {
  return (
    <span
      className="coin-badge"
      aria-hidden="true"
      style={{ background: colourOf(coin), width: size, height: size, fontSize: size * 0.44 }}
    >
      {coin.slice(0, 1)}
    </span>
  );
}
