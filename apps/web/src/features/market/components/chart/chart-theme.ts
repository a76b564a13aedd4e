import { ColorType, LineStyle } from 'lightweight-charts';
import type { Palette } from '../../hooks/use-palette';

/**
 * The look the price and the depth chart share: the theme's background, text, grid and borders,
 * and a dashed crosshair. Each chart adds what is its own on top.
 */
export function chartTheme(palette: Palette) {
  const crosshairLine = {
    color: palette.text,
    style: LineStyle.Dashed,
    labelBackgroundColor: palette.border,
  };
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      fontFamily: palette.font,
      fontSize: 11,
    },
    grid: {
      vertLines: { color: palette.grid },
      horzLines: { color: palette.grid },
    },
    crosshair: { vertLine: crosshairLine, horzLine: crosshairLine },
    rightPriceScale: { borderColor: palette.border },
    timeScale: { borderColor: palette.border },
  };
}
