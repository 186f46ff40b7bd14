/**
 * The pane's last lines in their colours: `capture-pane -e` text parsed into spans by the client
 * core, each span drawn as Ink text with only the colours and attributes we render ourselves (every
 * other escape was dropped by the parser, every control left is made visible). Without colour
 * (NO_COLOR) the same text, plain.
 */
import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import { parseLines, type Span } from '../../../client/ansi/sgr.ts';
import { visibleTail } from '../../../client/format/tail-lines.ts';
import { safeLine } from './safe-text.ts';

/** The last `rows` meaningful lines of `lines`, each cut at the width of its box. */
export const PaneLines = memo(function PaneLines(props: {
  readonly lines: readonly string[];
  readonly rows: number;
  readonly color: boolean;
}) {
  const parsed = useMemo(() => parseLines(visibleTail(props.lines, Math.max(props.rows, 0))), [props.lines, props.rows]);
  if (parsed.length === 0 || props.rows <= 0) return null;
  return (
    <Box flexDirection="column">
      {parsed.map((spans, row) => (
        <Text key={row} wrap="truncate-end">
          {spans.length === 0 ? ' ' : spans.map((span, i) => <SpanText key={i} span={span} color={props.color} />)}
        </Text>
      ))}
    </Box>
  );
});

function SpanText({ span, color }: { span: Span; color: boolean }) {
  const text = safeLine(span.text);
  if (!color) return <Text>{text}</Text>;
  return (
    <Text
      {...(span.fg === null ? {} : { color: span.fg })}
      {...(span.bg === null ? {} : { backgroundColor: span.bg })}
      bold={span.bold}
      dimColor={span.dim}
      italic={span.italic}
      underline={span.underline}
      strikethrough={span.strike}
      inverse={span.inverse}
    >
      {text}
    </Text>
  );
}
