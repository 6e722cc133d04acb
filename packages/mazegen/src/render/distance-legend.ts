import type { Theme } from './theme.js';

/** The legend band's height under a distance picture, in pixels. */
export const LEGEND_HEIGHT = 22;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The distance legend as SVG, in a band `width` wide from `top` down: 'near' (0 moves), a
 * swatch per band, 'far (N moves)'. Every SVG of a distance picture (square grid or any
 * other) ends with it.
 */
export function distanceLegendSvg(
  colors: readonly string[],
  max: number,
  width: number,
  top: number,
  theme: Pick<Theme, 'wall' | 'background'>,
): string {
  const far = `far (${max} moves)`;
  // Roughly 5.5 px a character at 10 px: the swatches take what the words leave (2 to 14 px each).
  const words = 5.5 * ('near'.length + far.length) + 16;
  const swatch = Math.max(2, Math.min(14, Math.floor((width - words) / colors.length)));
  const ramp = swatch * colors.length;
  const left = Math.max(2, Math.round((width - ramp - words) / 2));
  const rampLeft = left + Math.round(5.5 * 'near'.length) + 6;
  const y = top + 4;
  let out = `\n<g class="legend" font-family="sans-serif" font-size="10" fill="${theme.wall}">`;
  out += `<rect x="0" y="${top}" width="${width}" height="${LEGEND_HEIGHT}" fill="${theme.background}"/>`;
  out += `<text x="${left}" y="${y + 10}">near</text>`;
  colors.forEach((color, i) => (out += `<rect x="${rampLeft + i * swatch}" y="${y}" width="${swatch}" height="12" fill="${color}"/>`));
  out += `<rect x="${rampLeft}" y="${y}" width="${ramp}" height="12" fill="none" stroke="${theme.wall}" stroke-width="1"/>`;
  out += `<text x="${rampLeft + ramp + 6}" y="${y + 10}">${escapeXml(far)}</text></g>`;
  return out;
}
