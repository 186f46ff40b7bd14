/**
 * `trailboss prime [--agent NAME] [--cwd DIR]`: print the briefing of a restarted session — its
 * snapshot, framed as the first thing to act on — and delete the snapshot, so it is delivered
 * exactly once (a second prime prints nothing). Claude's SessionStart hook runs it (hooks install):
 * what it prints becomes context of the new session. The snapshot is the one named by --agent, else
 * by TRAILBOSS_AGENT (set on the new session by a restart), else `claude`. Always exits 0: a hook
 * must never break a session start.
 */
import { briefingText } from '../../engine/snapshot/briefing.ts';
import { takeSnapshot } from '../../engine/snapshot/snapshot-file.ts';
import { parseCommandLine } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { snapshotFileFor } from './snapshot.ts';

/** `trailboss prime`: print the briefing once; always exit 0. */
export async function primeCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('prime', ctx.argv);
  const file = snapshotFileFor(ctx, args, false);
  if (file === null) return EXIT.ok;
  let text: string | null;
  try {
    text = takeSnapshot(file);
  } catch (err) {
    ctx.stderr(`trailboss prime: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.ok;
  }
  if (text !== null) ctx.stdout(briefingText(text, file.slice(file.lastIndexOf('/') + 1, -'.md'.length)));
  return EXIT.ok;
}
