import { useSyncExternalStore } from 'react';

/** The theme's colours as the chart canvas needs them: plain values, read from the CSS tokens. */
export interface Palette {
  background: string;
  text: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  brand: string;
  font: string;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const currentTheme = () => document.documentElement.getAttribute('data-theme') ?? 'dark';

export function readPalette(): Palette {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: token('--tm-bg', '#0b0e14'),
    text: token('--tm-text-3', '#647086'),
    grid: token('--tm-surface-2', '#1a2130'),
    border: token('--tm-border', '#242c3b'),
    up: token('--tm-up', '#16c784'),
    down: token('--tm-down', '#ea3943'),
    brand: token('--tm-brand', '#2ec4b6'),
    font: token('--adm-font-family', 'sans-serif'),
  };
}

/** The tokens only change with the theme, so each theme's palette is read once. */
const palettes = new Map<string, Palette>();

function paletteOf(theme: string): Palette {
  let palette = palettes.get(theme);
  if (!palette) palettes.set(theme, (palette = readPalette()));
  return palette;
}

/**
 * The palette of the current theme; a new one whenever the theme switches (html[data-theme]
 * changes), so a canvas that cannot use CSS variables can repaint.
 */
export function usePalette(): Palette {
  return paletteOf(useSyncExternalStore(subscribe, currentTheme));
}

/** "#16c784" at 30% -> "rgba(22, 199, 132, 0.3)"; other colour forms are returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
