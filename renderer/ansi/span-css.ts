/** The CSS for one span, applied through React's style object (CSSOM), which a strict CSP without 'unsafe-inline' allows. */
import type { CSSProperties } from 'react';
import type { SpanStyle } from '../../client/ansi/sgr.ts';

// Defaults come from the theme so inverse video of default colours still shows.
const DEFAULT_FG = 'var(--term-fg)';
const DEFAULT_BG = 'var(--term-bg)';

/** Inline style for a span; an empty object for plain text (most spans), so React sets nothing. */
export function spanCss(style: SpanStyle): CSSProperties {
  const css: CSSProperties = {};
  let fg = style.fg;
  let bg = style.bg;
  if (style.inverse) [fg, bg] = [bg ?? DEFAULT_BG, fg ?? DEFAULT_FG];
  if (fg !== null) css.color = fg;
  if (bg !== null) css.backgroundColor = bg;
  if (style.bold) css.fontWeight = 'bold';
  if (style.dim) css.opacity = 0.65;
  if (style.italic) css.fontStyle = 'italic';
  const lines = [style.underline ? 'underline' : '', style.strike ? 'line-through' : ''].filter(Boolean);
  if (lines.length > 0) css.textDecoration = lines.join(' ');
  return css;
}
