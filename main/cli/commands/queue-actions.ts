/**
 * Commands that talk to the running engine: queue, approve, deny (optionally with a message), reply, skip, snooze, mute.
 * Exit codes: 0 done, 1 refused (with the reason), 2 no engine running or bad usage.
 */
import type { ActionOutcomeDto, QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { parseReplyToken } from '../../engine/actions/reply-tokens.ts';
import { UsageError, parseCommandLine, read, type Parsed } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import type { EngineClient } from '../engine-client.ts';
import { NoEngineError, engineClient } from '../engine-client.ts';
import { formatOutcome, formatQueueTable } from '../format-queue.ts';
import { findItem } from '../item-ref.ts';

type Run = (ctx: CliContext, client: EngineClient) => Promise<number>;

/** Connect, run, and map "no engine" to exit 2. */
export function withEngine(run: Run): (ctx: CliContext) => Promise<number> {
  return async (ctx) => {
    try {
      return await run(ctx, engineClient(ctx));
    } catch (error) {
      if (error instanceof NoEngineError) {
        ctx.stderr(`trailboss: ${error.message}\n`);
        return EXIT.usage;
      }
      throw error;
    }
  };
}

/** A command that needs the engine: its command line is checked first (a typo is a usage error, not "no engine"). */
function engineCommand(
  path: string,
  run: (ctx: CliContext, client: EngineClient, args: Parsed) => Promise<number>,
): (ctx: CliContext) => Promise<number> {
  return async (ctx) => {
    const args = parseCommandLine(path, ctx.argv);
    return withEngine((c, client) => run(c, client, args))(ctx);
  };
}

function report(ctx: CliContext, env: Envelope<ActionOutcomeDto>, json: boolean, host: string | null): number {
  if (!env.ok) {
    ctx.stderr(`trailboss: ${env.error.message}\n`);
    return env.error.code === 'invalid' ? EXIT.usage : EXIT.refused;
  }
  ctx.stdout(json ? JSON.stringify(env.value) + '\n' : formatOutcome(env.value, host));
  return env.value.outcome === 'confirmed' ? EXIT.ok : EXIT.refused;
}

/**
 * Approve and deny carry the fingerprint of the prompt shown; an item with none (a hook told of a
 * prompt the pane does not show yet, a dialog) cannot be answered, and is refused here with the reason.
 */
function unanswerable(ctx: CliContext, item: QueueItemDto): boolean {
  if (item.fingerprint !== '') return false;
  ctx.stderr(`trailboss: ${item.approveBlockedReason ?? 'not a permission prompt'}; nothing was sent\n`);
  return true;
}

async function itemFor(ctx: CliContext, client: EngineClient, ref: string | undefined) {
  if (!ref) throw new UsageError('name an item (id, pane id like %3, or target like work:1.0)');
  const queue = await client.call('queue:list', {});
  if (!queue.ok) throw new Error(queue.error.message);
  const found = findItem(queue.value, ref);
  if (found.kind !== 'found') {
    ctx.stderr(`trailboss: ${found.message}\n`);
    return null;
  }
  return found.item;
}

export const queueCommand = engineCommand('queue', async (ctx, client, args) => {
  const queue = await client.call('queue:list', {});
  if (!queue.ok) throw new Error(queue.error.message);
  ctx.stdout(
    read.bool(args, 'json') ? JSON.stringify({ items: queue.value }, null, 2) + '\n' : formatQueueTable(queue.value, ctx.clock.now()),
  );
  return EXIT.ok;
});

const answer = (action: 'approve' | 'deny') =>
  engineCommand(action, async (ctx, client, args) => {
    const item = await itemFor(ctx, client, read.arg(args, 0));
    if (!item || unanswerable(ctx, item)) return EXIT.refused;
    const message = action === 'deny' ? read.string(args, 'message') : undefined;
    if (message !== undefined && message.trim() === '')
      throw new UsageError('--message needs text: trailboss deny <item> --message "use pnpm"');
    const env =
      action === 'approve'
        ? await client.call('item:approve', { id: item.id, fingerprint: item.fingerprint })
        : await client.call('item:deny', { id: item.id, fingerprint: item.fingerprint, ...(message !== undefined ? { message } : {}) });
    return report(ctx, env, read.bool(args, 'json'), item.host);
  });

export const approveCommand = answer('approve');
export const denyCommand = answer('deny');

/** `reply <item> <text>`: on a permission prompt only the answer words count; at an input prompt the text is typed. */
export const replyCommand = engineCommand('reply', async (ctx, client, args) => {
  const ref = read.arg(args, 0);
  const text = read.args(args, 1).join(' ');
  if (text.trim() === '') throw new UsageError('reply needs text: trailboss reply <item> <text>');
  const item = await itemFor(ctx, client, ref);
  if (!item) return EXIT.refused;
  if (item.reason === 'permission' || item.reason === 'dialog') {
    const token = parseReplyToken(text);
    if (token.kind === 'refused') {
      ctx.stderr(`trailboss: ${token.message}\n`);
      return EXIT.refused;
    }
    if (unanswerable(ctx, item)) return EXIT.refused;
    const env = await client.call(token.kind === 'approve' ? 'item:approve' : 'item:deny', { id: item.id, fingerprint: item.fingerprint });
    return report(ctx, env, read.bool(args, 'json'), item.host);
  }
  return report(ctx, await client.call('item:reply', { id: item.id, text }), read.bool(args, 'json'), item.host);
});

export const skipCommand = engineCommand('skip', async (ctx, client, args) => {
  const item = await itemFor(ctx, client, read.arg(args, 0));
  if (!item) return EXIT.refused;
  return report(ctx, await client.call('item:skip', { id: item.id }), read.bool(args, 'json'), item.host);
});

export const snoozeCommand = engineCommand('snooze', async (ctx, client, args) => {
  const [ref, span] = [read.arg(args, 0), read.arg(args, 1)];
  // Loaded here only: the duration parser sits beside the config schema (zod), which other commands skip.
  const { formatDurationMs, MAX_SNOOZE_MS, parseDuration } = await import('../../engine/config/duration.ts');
  const forMs = span ? parseDuration(span) : null;
  if (!forMs) throw new UsageError('snooze needs a duration: trailboss snooze <item> 30m');
  if (forMs > MAX_SNOOZE_MS) throw new UsageError(`snooze for at most ${formatDurationMs(MAX_SNOOZE_MS)} (got ${span})`);
  const item = await itemFor(ctx, client, ref);
  if (!item) return EXIT.refused;
  return report(ctx, await client.call('item:snooze', { id: item.id, forMs }), read.bool(args, 'json'), item.host);
});

export const muteCommand = engineCommand('mute', async (ctx, client, args) => {
  const ref = read.arg(args, 0);
  if (!ref) throw new UsageError('mute needs a pane: trailboss mute <pane> [--off]');
  const agents = await client.call('agents:list', {});
  if (!agents.ok) throw new Error(agents.error.message);
  const matches = agents.value.filter((a) => a.paneKey === ref || a.paneKey.endsWith(`|${ref}`) || a.target === ref);
  if (matches.length !== 1 || !matches[0]) {
    ctx.stderr(
      `trailboss: ${matches.length === 0 ? `no watched pane matches '${ref}'` : `'${ref}' matches several panes; use the pane key`}\n`,
    );
    return EXIT.refused;
  }
  const env = await client.call('pane:mute', { paneKey: matches[0].paneKey, muted: !read.bool(args, 'off') });
  if (!env.ok) {
    ctx.stderr(`trailboss: ${env.error.message}\n`);
    return EXIT.refused;
  }
  ctx.stdout(`${env.value.target} (${env.value.paneKey}) ${env.value.muted ? 'muted' : 'unmuted'}\n`);
  return EXIT.ok;
});
