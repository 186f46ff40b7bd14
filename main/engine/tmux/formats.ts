/** Explicit `-F` formats for list-panes and list-clients, and the separator they share. */

/**
 * Field separator: ASCII unit separator. Free-text fields (paths, command names, titles, session
 * names) are passed through a tmux regex substitution that turns every control character into
 * `?`, so neither the separator nor a newline can appear inside a field: a directory named
 * "a\x1fb\nc" would otherwise split one pane into two broken records.
 */
export const FIELD_SEPARATOR = '\x1f';

/** A format reference whose control characters tmux replaces with `?` before printing. */
function freeText(variable: string): string {
  return `#{s/[\x01-\x1f\x7f]/?/:${variable}}`;
}

function plain(variable: string): string {
  return `#{${variable}}`;
}

/** Fields of one pane, in output order. */
export const PANE_FIELDS = [
  plain('pane_id'),
  plain('session_id'),
  plain('window_id'),
  plain('window_index'),
  plain('pane_index'),
  plain('pane_pid'),
  plain('pane_width'),
  plain('pane_height'),
  plain('alternate_on'),
  plain('pane_dead'),
  plain('window_activity'),
  freeText('session_name'),
  freeText('pane_current_command'),
  freeText('pane_current_path'),
  freeText('pane_title'),
] as const;

/** The `list-panes -a -F` format. */
export const PANE_FORMAT = PANE_FIELDS.join(FIELD_SEPARATOR);

/**
 * One string for the whole server's set of user panes: each session's name, and each of its panes' id,
 * process, command, liveness and place, watcher sessions left out. tmux re-evaluates a control client's
 * subscription to it every second and says so only when it changed: a pane came or went, or runs another
 * command. It is only compared, never parsed (free text is still cleaned: a newline would end the
 * notification line). What it costs tmux each second is what it evaluates: the session's name is cleaned
 * once per session, not once per pane (200 panes: 5.7 ms of the server's CPU a second against 7.1; a
 * list of the panes, 12).
 */
export function paneSetFormat(watcherPrefix: string): string {
  const pane = ['pane_id', 'pane_pid', 'pane_dead', 'window_index', 'pane_index'].map(plain).join('/');
  return `#{S:#{?#{m:${watcherPrefix}*,#{session_name}},,${freeText('session_name')}:#{W:#{P:${pane}/${freeText('pane_current_command')} }}}}`;
}

/** Fields of one client, in output order. */
export const CLIENT_FIELDS = [
  plain('client_pid'),
  plain('client_activity'),
  plain('client_control_mode'),
  freeText('client_tty'),
  freeText('client_session'),
  freeText('client_termname'),
] as const;

/** The `list-clients -F` format. */
export const CLIENT_FORMAT = CLIENT_FIELDS.join(FIELD_SEPARATOR);
