/** The widths each flag is drawn at (draw-flags.ts): twice its 24 and 48 px boxes, for 2× screens. */
export const flagWidths = [48, 96] as const;

const flagSource = (code: string, width: (typeof flagWidths)[number]) =>
  `/flags/${width}/${code.toLowerCase()}.png`;

/**
 * The <img> attributes of a flag served from our own origin (DESIGN section 2: no third-party flag service), for
 * a box `size` px wide at 4:3. The browser picks the drawing for the screen's density.
 */
export const flagImage = (code: string, size: number) => ({
  src: flagSource(code, 48),
  srcSet: flagWidths.map((width) => `${flagSource(code, width)} ${width}w`).join(', '),
  sizes: `${size}px`,
  width: size,
  height: Math.round((size * 3) / 4),
});
