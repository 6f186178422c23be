/**
 * The props of a line icon of the feature screens (inline SVG, currentColor, rounded strokes),
 * `size` pixels square; an icon spreads them and may override any.
 */
export const lineIcon = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
});
