/** The pane's last lines with their colours. Every span is a text node: pane content never becomes markup. */
import { memo, useMemo } from 'react';
import { parseLines } from '../../../client/ansi/sgr.ts';
import { spanCss } from '../../ansi/span-css.ts';
import { visibleTail } from '../../../client/format/tail-lines.ts';

/** Renders `capture-pane -e` lines, leading blank ones dropped; parsed once per distinct tail. */
export const PaneTail = memo(function PaneTail({ lines: all, label }: { lines: readonly string[]; label: string }) {
  const lines = useMemo(() => visibleTail(all), [all]);
  const parsed = useMemo(() => parseLines(lines), [lines]);
  if (lines.length === 0) return null;
  return (
    // The inner box sits in a column-reverse scroller, so the bottom lines (where prompts are) show first.
    <pre className="tail" aria-label={label}>
      <div className="tail-lines">
        {parsed.map((spans, row) => (
          <div className="tail-line" key={row}>
            {spans.length === 0
              ? '\u00a0'
              : spans.map((span, i) => (
                  <span key={i} style={spanCss(span)}>
                    {span.text}
                  </span>
                ))}
          </div>
        ))}
      </div>
    </pre>
  );
});
