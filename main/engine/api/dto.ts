/** Engine data → the contract's DTOs (renderer-safe, plain data) at the boundary. */
import type { AgentDto, AgentPromptDto } from '../../../preload/contract/agent.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { approveKeyFor, denyKeyFor } from '../runtimes/common/keys.ts';
import { runtimeById } from '../runtimes/catalog.ts';
import type { DialogScreen, PermissionPrompt } from '../runtimes/types.ts';
import type { PaneState } from '../sessions/pane-state.ts';
import type { Item, LoopMode, Pane } from '../store/index.ts';
import { reasonOfKind } from '../truth/item-mapping.ts';
import { hostOfPaneKey } from '../hosts/host-spec.ts';
import type { Reachability } from '../hosts/reachability.ts';
import { LOCAL_ONLY } from '../hosts/reachability.ts';

function sessionOf(target: string): string {
  const colon = target.lastIndexOf(':');
  return colon < 0 ? target : target.slice(0, colon);
}

/**
 * Previews by prompt object: the queue is rebuilt on every change and its items' prompts are the same
 * (immutable) objects until their row changes, so each prompt's options are classified once.
 */
const previews = new WeakMap<PermissionPrompt, { approve: { label: string | null; blocked: string | null }; deny: string | null }>();

function previewsOf(prompt: PermissionPrompt): { approve: { label: string | null; blocked: string | null }; deny: string | null } {
  let found = previews.get(prompt);
  if (!found) {
    found = { approve: approvePreview(prompt), deny: denyPreview(prompt) };
    previews.set(prompt, found);
  }
  return found;
}

/** Exact label approve would choose, or why it cannot. */
export function approvePreview(prompt: PermissionPrompt): { label: string | null; blocked: string | null } {
  const key = approveKeyFor(prompt);
  if (!key) {
    const reason =
      prompt.confidence !== 'high' ? 'the prompt could not be read with confidence' : 'no single "allow once" option was identified';
    return { label: null, blocked: `${reason} — jump to the pane` };
  }
  const option = key === 'Enter' ? prompt.options[prompt.highlighted ?? -1] : prompt.options.find((o) => o.key === key);
  return { label: option?.label ?? key, blocked: null };
}

function denyPreview(prompt: PermissionPrompt): string | null {
  const key = denyKeyFor(prompt);
  if (!key) return null;
  if (key === 'Escape') return 'Esc';
  return prompt.options.find((o) => o.key === key)?.label ?? key;
}

/** A built DTO and what it was built from, besides the item itself and the clock. */
interface BuiltDto {
  readonly pane: Pane | null;
  readonly liveRuntime: string | undefined;
  readonly liveTarget: string | null | undefined;
  readonly canReply: boolean;
  readonly unreachable: string | null;
  readonly dto: QueueItemDto;
}

/**
 * DTOs by item object. The whole queue is rebuilt on every change, and an item's row object is the
 * same (immutable, from the store's read cache) until the row is written: only its wait time moves.
 */
const built = new WeakMap<Item, BuiltDto>();

/** One queue item for the surfaces. `live` is the pane's current state (reply is possible only when idle). */
export function itemDto(
  item: Item,
  pane: Pane | null,
  live: PaneState | undefined,
  now: number,
  reach: Reachability = LOCAL_ONLY,
): QueueItemDto {
  const unreachable = reach.unreachable(item.paneKey)?.reason ?? null;
  const canReply = live?.state === 'idle';
  const waitedMs = Math.max(0, now - item.firstSeen);
  const known = built.get(item);
  if (
    known &&
    known.pane === pane &&
    known.liveRuntime === live?.runtime &&
    known.liveTarget === live?.target &&
    known.canReply === canReply &&
    known.unreachable === unreachable
  ) {
    return withWaited(known.dto, waitedMs);
  }
  const dto = buildItemDto(item, pane, live, unreachable, canReply, waitedMs);
  built.set(item, { pane, liveRuntime: live?.runtime, liveTarget: live?.target, canReply, unreachable, dto });
  return dto;
}

/** The same DTO with another wait time. Field by field: a spread of this many fields cost as much as building it. */
function withWaited(d: QueueItemDto, waitedMs: number): QueueItemDto {
  return {
    id: d.id,
    paneKey: d.paneKey,
    target: d.target,
    host: d.host,
    unreachable: d.unreachable,
    sessionName: d.sessionName,
    runtime: d.runtime,
    runtimeVerified: d.runtimeVerified,
    reason: d.reason,
    subject: d.subject,
    tool: d.tool,
    question: d.question,
    options: d.options,
    approveLabel: d.approveLabel,
    approveBlockedReason: d.approveBlockedReason,
    denyLabel: d.denyLabel,
    fingerprint: d.fingerprint,
    canReply: d.canReply,
    firstSeen: d.firstSeen,
    waitedMs,
    reminderStep: d.reminderStep,
    stuck: d.stuck,
    snoozedUntil: d.snoozedUntil,
    skippedUntil: d.skippedUntil,
    tail: d.tail,
    context: d.context,
  };
}

function buildItemDto(
  item: Item,
  pane: Pane | null,
  live: PaneState | undefined,
  unreachable: string | null,
  canReply: boolean,
  waitedMs: number,
): QueueItemDto {
  const runtime = pane?.runtime ?? live?.runtime ?? 'claude';
  const prompt = item.prompt;
  const permission = prompt?.kind === 'permission' ? prompt : null;
  const preview = permission ? previewsOf(permission) : null;
  const approve = preview
    ? preview.approve
    : {
        label: null,
        blocked: item.kind === 'permission' ? 'the pane has not shown the prompt yet — wait a moment or jump' : 'not a permission prompt',
      };
  const target = pane?.target ?? live?.target ?? item.paneKey;
  return {
    id: item.id,
    paneKey: item.paneKey,
    target,
    host: hostOfPaneKey(item.paneKey),
    unreachable,
    sessionName: sessionOf(target),
    runtime,
    runtimeVerified: runtimeById(runtime).verified,
    reason: reasonOfKind(item.kind),
    subject: item.summary,
    tool: permission?.tool ?? null,
    question: prompt && (prompt.kind === 'permission' || prompt.kind === 'dialog') ? prompt.question : null,
    options:
      prompt && (prompt.kind === 'permission' || prompt.kind === 'dialog')
        ? prompt.options.map((o) => ({ label: o.label, kind: o.kind }))
        : [],
    approveLabel: approve.label,
    approveBlockedReason: approve.label ? null : approve.blocked,
    denyLabel: preview ? preview.deny : null,
    fingerprint: item.fingerprint ?? '',
    canReply,
    firstSeen: item.firstSeen,
    waitedMs,
    reminderStep: item.reminderStep,
    stuck: item.stuck,
    snoozedUntil: item.snoozedUntil,
    skippedUntil: item.skipCooldownUntil,
    tail: item.tail,
    context: item.context,
  };
}

/** A parsed prompt or dialog with its keys (approve/deny computed by the safety core). */
export function promptDto(prompt: PermissionPrompt | DialogScreen | null | undefined): AgentPromptDto | null {
  if (!prompt) return null;
  const options = prompt.options.map((o) => ({ key: o.key, label: o.label, kind: o.kind }));
  if (prompt.kind === 'dialog') {
    return {
      kind: 'dialog',
      tool: null,
      dialogId: prompt.dialogId,
      question: prompt.question,
      subject: null,
      options,
      highlighted: prompt.highlighted,
      approveKey: null,
      denyKey: null,
    };
  }
  return {
    kind: 'permission',
    tool: prompt.tool,
    dialogId: null,
    question: prompt.question,
    subject: prompt.subject,
    options,
    highlighted: prompt.highlighted,
    approveKey: approveKeyFor(prompt),
    denyKey: denyKeyFor(prompt),
  };
}

/** One watched agent for the surfaces; `loopMode` is the mode in force (loopModeOf), not the stored setting. */
export function agentDto(pane: Pane, live: PaneState | undefined, loopMode: LoopMode, reach: Reachability = LOCAL_ONLY): AgentDto {
  // Out of sight is not gone: the last known state stays in the truth (and its item in the queue).
  const unreachable = reach.unreachable(pane.paneKey);
  return {
    paneKey: pane.paneKey,
    target: pane.target,
    host: hostOfPaneKey(pane.paneKey),
    unreachable: unreachable?.reason ?? null,
    sessionName: sessionOf(pane.target),
    runtime: pane.runtime,
    runtimeVerified: runtimeById(pane.runtime).verified,
    state: unreachable ? 'unreachable' : (live?.state ?? pane.state),
    since: unreachable ? unreachable.since : (live?.since ?? pane.stateSince),
    muted: pane.muted,
    loopMode,
    prompt: live && (live.state === 'permission' || live.state === 'dialog') ? promptDto(live.prompt) : null,
    draft: live?.state === 'idle' && live.screen?.kind === 'idle' ? live.screen.draft : null,
  };
}
