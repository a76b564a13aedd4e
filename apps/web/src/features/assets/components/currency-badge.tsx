import type { CSSProperties } from 'react';

/** Hues close to the colours the default coins are known by (DESIGN.md section 3, Market). */
const KNOWN_HUES: Record<string, number> = {
  USDT: 160,
  BTC: 33,
  ETH: 235,
  BNB: 45,
  SOL: 275,
  XRP: 205,
  DOGE: 52,
  ADA: 220,
  TRX: 355,
  LTC: 190,
  DOT: 325,
  LINK: 228,
  AVAX: 0,
};

/** A steady hue per currency, so a coin keeps its colour from row to row and page to page. */
export function hueOf(currency: string): number {
  const known = KNOWN_HUES[currency];
  if (known !== undefined) return known;
  let hash = 7;
  for (const ch of currency) hash = (hash * 131 + ch.charCodeAt(0)) % 360;
  return hash;
}

/** The round initial of a currency, standing in for a logo we do not ship. */
export function CurrencyBadge({ currency }: { currency: string }) {
  return (
    <span
      className="currency-badge"
      style={{ '--badge-hue': hueOf(currency) } as CSSProperties}
      aria-hidden="true"
    >
      {currency.slice(0, 1)}
    </span>
  );
}
