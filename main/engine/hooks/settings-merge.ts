/**
 * Pure merge of our hook entries into Claude's settings text, and their removal. Claude's shape:
 * `hooks: { <Event>: [ { matcher?, hooks: [ { type: "command", command, timeout? } ] } ] }`.
 * Our entries are whole matcher groups holding one command with our marker; the user's groups,
 * even on the same event, are never touched. A group someone mixed with ours loses only ours.
 */
import type { OwnedHookEntry, OwnedMarker } from './hook-command.ts';
import { ownedMarkerOf } from './hook-command.ts';
import type { JsonObject } from './settings-json.ts';
import { SettingsError, detectLayout, formatSettings, isJsonObject, parseSettings } from './settings-json.ts';

/** New text (null = the file should not exist) and whether anything changed. */
export interface MergeResult {
  readonly text: string | null;
  readonly changed: boolean;
}

/** Add (or refresh) our entries; idempotent. Also drops our stale entries of the same marker kinds on events no longer planned. */
export function installEntries(text: string | null, entries: readonly OwnedHookEntry[], label: string): MergeResult {
  const root = parseSettings(text, label);
  const before = JSON.stringify(root);
  const kinds = new Set(entries.map((e) => ownedMarkerOf(e.command)).filter((k): k is OwnedMarker => k !== null));
  const hooks = hooksObject(root, label, true) as JsonObject;
  const planned = new Map<string, OwnedHookEntry[]>();
  for (const entry of entries) planned.set(entry.event, [...(planned.get(entry.event) ?? []), entry]);

  for (const event of Object.keys(hooks)) {
    if (!planned.has(event)) removeOwned(hooks, event, kinds, label);
  }
  for (const [event, wanted] of planned) {
    const groups = eventGroups(hooks, event, label);
    const desired = wanted.map(groupFor);
    const ours = groups.filter((g) => ownedKindsOf(g).some((k) => kinds.has(k)));
    if (ours.length === desired.length && ours.every((g, i) => JSON.stringify(g) === JSON.stringify(desired[i]))) continue;
    // Assigning to an existing key keeps its position: a refresh does not reorder the user's file.
    hooks[event] = [...withoutOwned(groups, kinds).kept, ...desired];
  }
  if (JSON.stringify(root) === before) return { text, changed: false };
  return { text: formatSettings(root, detectLayout(text)), changed: true };
}

/** Remove every entry we own (any marker kind); drops event keys and `hooks` we leave empty. */
export function uninstallEntries(text: string | null, label: string): MergeResult {
  if (text === null) return { text, changed: false };
  const root = parseSettings(text, label);
  const hooks = hooksObject(root, label, false);
  if (hooks === null) return { text, changed: false };
  const all = new Set<OwnedMarker>(['hook', 'prime']);
  let changed = false;
  for (const event of Object.keys(hooks)) changed = removeOwned(hooks, event, all, label) || changed;
  if (!changed) return { text, changed: false };
  if (Object.keys(hooks).length === 0) delete root['hooks'];
  return { text: formatSettings(root, detectLayout(text)), changed: true };
}

/** The `hooks` object of the settings (created at the end when asked), or null when absent. */
export function hooksObject(root: JsonObject, label: string, create: boolean): JsonObject | null {
  const hooks = root['hooks'];
  if (hooks === undefined) {
    if (!create) return null;
    const fresh: JsonObject = {};
    root['hooks'] = fresh;
    return fresh;
  }
  if (!isJsonObject(hooks)) throw new SettingsError('shape', `${label}: "hooks" must be an object — nothing was changed`);
  return hooks;
}

/** The marker kinds of our commands in one matcher group. */
export function ownedKindsOf(group: unknown): OwnedMarker[] {
  if (!isJsonObject(group) || !Array.isArray(group['hooks'])) return [];
  return group['hooks']
    .map((h: unknown) => (isJsonObject(h) && typeof h['command'] === 'string' ? ownedMarkerOf(h['command']) : null))
    .filter((k): k is OwnedMarker => k !== null);
}

function groupFor(entry: OwnedHookEntry): JsonObject {
  return { hooks: [{ type: 'command', command: entry.command, timeout: entry.timeoutInMs ? entry.timeoutSec * 1000 : entry.timeoutSec }] };
}

function eventGroups(hooks: JsonObject, event: string, label: string): unknown[] {
  const groups = hooks[event];
  if (groups === undefined) return [];
  if (!Array.isArray(groups)) throw new SettingsError('shape', `${label}: "hooks.${event}" must be an array — nothing was changed`);
  return groups;
}

/** Remove our commands of `kinds` from one event (dropping the key if nothing is left); true when something was removed. */
function removeOwned(hooks: JsonObject, event: string, kinds: ReadonlySet<OwnedMarker>, label: string): boolean {
  const { kept, removed } = withoutOwned(eventGroups(hooks, event, label), kinds);
  if (!removed) return false;
  if (kept.length > 0) hooks[event] = kept;
  else delete hooks[event];
  return true;
}

/** The groups with our commands of `kinds` taken out; groups left empty are dropped. */
function withoutOwned(groups: readonly unknown[], kinds: ReadonlySet<OwnedMarker>): { kept: unknown[]; removed: boolean } {
  let removed = false;
  const kept: unknown[] = [];
  for (const group of groups) {
    if (!ownedKindsOf(group).some((k) => kinds.has(k))) {
      kept.push(group);
      continue;
    }
    removed = true;
    const g = group as JsonObject;
    const rest = (g['hooks'] as unknown[]).filter((h) => {
      const kind = isJsonObject(h) && typeof h['command'] === 'string' ? ownedMarkerOf(h['command']) : null;
      return kind === null || !kinds.has(kind);
    });
    if (rest.length > 0) kept.push({ ...g, hooks: rest });
  }
  return { kept, removed };
}
