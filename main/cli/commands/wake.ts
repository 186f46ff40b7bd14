/**
 * `trailboss wake <pane> [message]`: priority wake-up — type assigned work into an idle agent now,
 * past the human-activity gate but never past the safe-to-type gate (a prompt or dialog on screen
 * refuses it). Without a message it types the watchdog's continue message.
 * Exit codes: 0 typed, 1 refused (with the reason), 2 no engine or bad usage.
 */
import type { AgentDto } from '../../../preload/contract/agent.ts';
import { UsageError, parseCommandLine, read } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import type { EngineClient } from '../engine-client.ts';
import { withEngine } from './queue-actions.ts';

/**
 * The one watched agent `ref` names: its pane key, pane id (`%3`) or tmux target (`work:1.0`).
 * Prints why and answers null when none or several match.
 */
export async function agentFor(ctx: CliContext, client: EngineClient, ref: string): Promise<AgentDto | null> {
  const agents = await client.call('agents:list', {});
  if (!agents.ok) throw new Error(agents.error.message);
  const matches = agents.value.filter((a) => a.paneKey === ref || a.paneKey.endsWith(`|${ref}`) || a.target === ref);
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  ctx.stderr(
    `trailboss: ${matches.length === 0 ? `no watched agent pane matches '${ref}' (see \`trailboss status\`)` : `'${ref}' matches several panes; use the pane key`}\n`,
  );
  return null;
}

/** Run `wake`; the command line is checked before the engine is contacted (a typo is a usage error, not "no engine"). */
export async function wakeCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('wake', ctx.argv);
  const ref = read.arg(args, 0);
  const words = read.args(args, 1);
  if (!ref) throw new UsageError('wake needs a pane: trailboss wake <pane> [message]');
  return withEngine(async (_, client) => {
    const agent = await agentFor(ctx, client, ref);
    if (!agent) return EXIT.refused;
    let text = words.join(' ');
    if (text.trim() === '') {
      const settings = await client.call('settings:get', {});
      if (!settings.ok) throw new Error(settings.error.message);
      text = settings.value.settings.watchdog.message;
    }
    const env = await client.call('pane:wake', { paneKey: agent.paneKey, text });
    if (!env.ok) {
      ctx.stderr(`trailboss: ${env.error.message}\n`);
      return env.error.code === 'invalid' ? EXIT.usage : EXIT.refused;
    }
    const o = env.value;
    if (read.bool(args, 'json')) ctx.stdout(JSON.stringify(o) + '\n');
    else if (o.outcome === 'confirmed') ctx.stdout(`woke ${agent.target} (${agent.paneKey}): typed ${JSON.stringify(text)}\n`);
    else ctx.stderr(`trailboss: not woken (${o.outcome}): ${o.message}\n`);
    return o.outcome === 'confirmed' ? EXIT.ok : EXIT.refused;
  })(ctx);
}
