/**
 * WCAG 2 contrast between colours as the browser reports them (`rgb(…)` or `rgba(…)`), with
 * transparent layers laid over what is behind them first. Pure, for the browser tests of drawings,
 * whose text axe cannot judge (it does not look behind SVG text).
 */
export type Rgba = [number, number, number, number];

/** `rgb(1, 2, 3)`, `rgba(1, 2, 3, 0.5)` or `rgb(1 2 3 / 0.5)`; undefined for anything else (`none`). */
export function parseColor(text: string): Rgba | undefined {
  const match = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text.trim());
  if (!match) return undefined;
  const alpha =
    match[4] === undefined ? 1 : match[4].endsWith('%') ? Number(match[4].slice(0, -1)) / 100 : Number(match[4]);
  return [Number(match[1]), Number(match[2]), Number(match[3]), alpha];
}

/** A colour with some transparency laid over an opaque one. */
export function over(top: Rgba, below: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour a stack of layers shows, top first, over an opaque base. */
export function flatten(layers: readonly Rgba[], base: Rgba): Rgba {
  return layers.reduceRight<Rgba>((below, layer) => over(layer, below), base);
}
