/** `?`: every key of the terminal UI. Any key closes it. */
import { Box, Text } from 'ink';

/** The keys, in the order the help lists them. */
export const TUI_HELP: ReadonlyArray<readonly [string, string]> = [
  ['j / k, ↓ / ↑', 'move between waiting agents (g / G: first / last)'],
  ['a', 'approve: the one option that allows this once (named on screen); never more'],
  ['d', 'deny: the option that says no (or Escape where that is how the agent says no)'],
  ['D', 'deny and tell the agent what to do instead: type a line, Enter denies and sends it (Esc cancels)'],
  ['r', 'reply: type a line into an idle agent (Enter sends it once)'],
  ['s', 'skip: move the agent to the end of the queue'],
  ['z', 'snooze: hide it for a while (1, 2, 3 choose how long)'],
  ['Enter', 'jump: show the agent’s pane (in a popup: in the client that opened it, then close)'],
  ['?', 'this help'],
  ['q / Esc', 'quit'],
];

/** The help screen. */
export function HelpScreen() {
  return (
    <Box flexDirection="column">
      <Text bold>Trail Boss — keys</Text>
      {TUI_HELP.map(([keys, what]) => (
        <Text key={keys} wrap="truncate-end">
          {keys.padEnd(14)} {what}
        </Text>
      ))}
      <Text dimColor>Any key closes this help.</Text>
    </Box>
  );
}
