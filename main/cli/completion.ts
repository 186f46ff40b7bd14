/** Shell completion scripts generated from the declared command tree, so they never fall out of step with it. */
import type { Command } from 'commander';

/** Completion candidates per command path ('' is the top level; 'snapshot save' a subcommand). */
export function completionTable(program: Command): Map<string, string[]> {
  const table = new Map<string, string[]>();
  const walk = (cmd: Command, path: string): void => {
    const subs = cmd.commands.map((c) => c.name());
    const options = cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => typeof f === 'string'));
    table.set(path, [...subs, ...options, '--help']);
    for (const sub of cmd.commands) walk(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  walk(program, '');
  return table;
}

/** A bash completion script (zsh loads the same one through bashcompinit). */
export function completionScript(program: Command, shell: 'bash' | 'zsh'): string {
  const table = completionTable(program);
  const groups = program.commands.filter((c) => c.commands.length > 0).map((c) => c.name());
  const cases = [...table].map(([path, words]) => `    '${path}') words='${words.join(' ')}' ;;`).join('\n');
  const bash = `_trailboss_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" key="" w i words=""
  # The command path typed so far: the first word, plus a subcommand for command groups.
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    if [[ -z "$key" ]]; then key="$w"
    elif [[ "$key" != *" "* ]]; then
      case "$key" in ${groups.length > 0 ? groups.join('|') : '__none__'}) key="$key $w" ;; esac
    fi
  done
  case "$key" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _trailboss_complete trailboss
`;
  if (shell === 'bash') return `# trailboss completion for bash: add  eval "$(trailboss completion bash)"  to ~/.bashrc\n${bash}`;
  return `# trailboss completion for zsh: add  eval "$(trailboss completion zsh)"  to ~/.zshrc\nautoload -U +X bashcompinit && bashcompinit\n${bash}`;
}
