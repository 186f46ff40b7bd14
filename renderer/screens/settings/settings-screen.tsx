/** Settings: hotkeys, reminder cadence, notifications, terminal, tmux sockets, hooks, watchdog, restart, phone. */
import { useEffect, useState, type FormEvent } from 'react';
import type { HotkeyStatusDto, ValidationIssue } from '../../../preload/contract/index.ts';
import { useController, useSettings } from '../../../client/react/context.tsx';
import { runtimeName } from '../../../client/format/labels.ts';
import { Check, Field } from './field.tsx';
import { fromDraft, issuesFor, toDraft, unplacedIssues, type SettingsDraft } from './form-model.ts';
import { HooksPanel } from './hooks-panel.tsx';
import { PhonePanel } from './phone-panel.tsx';
import { SlackPanel } from './slack-panel.tsx';

const RUNTIMES = ['claude', 'codex', 'opencode', 'cursor', 'kiro', 'auggie'] as const;

/** The settings screen. */
export function SettingsScreen() {
  const controller = useController();
  const current = useSettings((s) => s.current);
  const revision = useSettings((s) => s.revision);
  const status = useSettings((s) => s.status);
  const engineIssues = useSettings((s) => s.issues);
  const problem = useSettings((s) => s.problem);
  const saving = useSettings((s) => s.saving);
  const savedAt = useSettings((s) => s.savedAt);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [localIssues, setLocalIssues] = useState<ValidationIssue[]>([]);

  useEffect(() => {
    void controller.loadSettings();
  }, [controller]);
  // A new revision (loaded, or changed in the file or by the CLI) resets the form to the truth.
  useEffect(() => {
    if (current !== null) setDraft(toDraft(current.settings));
  }, [current, revision]);

  if (draft === null)
    return <p className="empty">{status === 'failed' ? `Settings unavailable: ${problem ?? ''}` : 'Loading settings…'}</p>;

  const issues = [...localIssues, ...engineIssues];
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => setDraft({ ...draft, [key]: value });
  const text = (key: keyof SettingsDraft) => (a11y: object) => (
    <input {...a11y} type="text" value={String(draft[key])} onChange={(e) => set(key, e.target.value as never)} spellCheck={false} />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = fromDraft(draft);
    setLocalIssues(r.ok ? [] : r.issues);
    if (r.ok) void controller.saveSettings(r.settings);
  };
  const hotkey = (name: HotkeyStatusDto['name']) => current?.hotkeys.find((h) => h.name === name);

  return (
    <section className="settings" aria-labelledby="settings-title">
      <header className="screen-head">
        <h1 id="settings-title">Settings</h1>
        {current !== null ? (
          <p className="hint">
            Saved in <code>{current.configPath}</code>
          </p>
        ) : null}
        {current?.logFile ? (
          <p className="hint" data-testid="log-file">
            Log file: <code>{current.logFile}</code>
          </p>
        ) : null}
      </header>
      {current?.loadError ? (
        <p className="problem" role="alert">
          The config file has a problem; the last good settings are in use: {current.loadError}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        {problem !== null && !saving ? (
          <p className="problem" role="alert">
            {problem}
          </p>
        ) : null}
        {unplacedIssues(issues).length > 0 ? (
          <ul className="field-issues" role="alert">
            {unplacedIssues(issues).map((i) => (
              <li key={`${i.path}:${i.message}`}>
                <code>{i.path}</code>: {i.message}
              </li>
            ))}
          </ul>
        ) : null}

        <fieldset className="section">
          <legend>Global hotkeys</legend>
          {(['jumpOldest', 'openQueue'] as const).map((name) => (
            <Field
              key={name}
              id={`hk-${name}`}
              label={name === 'jumpOldest' ? 'Jump to the oldest waiting pane' : 'Open the queue'}
              hint="An Electron accelerator, e.g. CommandOrControl+Alt+J. Empty = off."
              warning={hotkeyWarning(hotkey(name))}
              issues={issuesFor(issues, name)}
            >
              {text(name)}
            </Field>
          ))}
        </fieldset>

        <fieldset className="section">
          <legend>Reminders and notifications</legend>
          <Field
            id="cadence"
            label="Remind after"
            hint="From first detection, comma-separated (0, 5m, 15m, 45m, 2h, 4h). After the last one the agent is marked stuck."
            issues={issuesFor(issues, 'cadence')}
          >
            {text('cadence')}
          </Field>
          <Check
            id="notif-on"
            label="Show notifications"
            checked={draft.notificationsEnabled}
            onChange={(v) => set('notificationsEnabled', v)}
          />
          <Check id="notif-sound" label="Play a sound" checked={draft.sound} onChange={(v) => set('sound', v)} />
          <Check
            id="notif-buttons"
            label="Approve / Deny buttons on notifications (macOS, Windows)"
            checked={draft.actionButtons}
            onChange={(v) => set('actionButtons', v)}
          />
        </fieldset>

        <fieldset className="section">
          <legend>Terminal and tmux</legend>
          <Field
            id="terminal"
            label="Open a terminal on a pane with"
            hint="Used when no terminal shows the pane. Empty = the platform default. {tmux} and {target} are filled in."
            issues={issuesFor(issues, 'terminalCommand')}
          >
            {text('terminalCommand')}
          </Field>
          <Check
            id="tmux-default"
            label="Watch the default tmux server"
            checked={draft.includeDefault}
            onChange={(v) => set('includeDefault', v)}
          />
          <Field
            id="sockets"
            label="Other tmux sockets"
            hint="One socket path per line (as tmux -S)."
            issues={issuesFor(issues, 'sockets')}
          >
            {(a11y) => (
              <textarea {...a11y} rows={3} value={draft.sockets} onChange={(e) => set('sockets', e.target.value)} spellCheck={false} />
            )}
          </Field>
        </fieldset>

        <fieldset className="section">
          <legend>Idle watchdog</legend>
          <Check
            id="wd-on"
            label="Type a continue message into idle agents"
            checked={draft.watchdogEnabled}
            onChange={(v) => set('watchdogEnabled', v)}
          />
          <Field id="wd-message" label="Message" issues={issuesFor(issues, 'watchdogMessage')}>
            {text('watchdogMessage')}
          </Field>
          <Field
            id="wd-backoff"
            label="Wait before each nudge"
            hint="Comma-separated, e.g. 5m, 15m, 45m."
            issues={issuesFor(issues, 'backoff')}
          >
            {text('backoff')}
          </Field>
          <Field id="wd-cap" label="Longest wait" issues={issuesFor(issues, 'cap')}>
            {text('cap')}
          </Field>
          <Field id="wd-tries" label="Nudges before asking you" issues={issuesFor(issues, 'maxTries')}>
            {(a11y) => (
              <input {...a11y} type="text" inputMode="numeric" value={draft.maxTries} onChange={(e) => set('maxTries', e.target.value)} />
            )}
          </Field>
          <Field id="wd-human" label="Never nudge while someone typed in the pane within" issues={issuesFor(issues, 'humanActive')}>
            {text('humanActive')}
          </Field>
          <Check
            id="wd-dialogs"
            label="Dismiss known harmless dialogs (usage offers, surveys)"
            checked={draft.dismissKnownDialogs}
            onChange={(v) => set('dismissKnownDialogs', v)}
          />
        </fieldset>

        <fieldset className="section">
          <legend>Restart</legend>
          <Field id="restart-runtime" label="Restart with" issues={issuesFor(issues, 'restartRuntime')}>
            {(a11y) => (
              <select
                {...a11y}
                value={draft.restartRuntime}
                onChange={(e) => set('restartRuntime', e.target.value as SettingsDraft['restartRuntime'])}
              >
                <option value="">the same agent</option>
                {RUNTIMES.map((r) => (
                  <option key={r} value={r}>
                    {runtimeName(r)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>

        <fieldset className="section">
          <legend>On your phone (Telegram)</legend>
          <p className="hint">Pairing and unpairing: Telegram pairing, below.</p>
          <Check
            id="phone-tail"
            label="Send the pane's last lines (secrets masked) to Telegram"
            checked={draft.phoneTail}
            onChange={(v) => set('phoneTail', v)}
          />
          <Field
            id="phone-after"
            label="Send only agents waiting at least"
            hint="0 sends every waiting agent at once; e.g. 10m for only the ones you left."
            issues={issuesFor(issues, 'phoneAfter')}
          >
            {text('phoneAfter')}
          </Field>
        </fieldset>

        <div className="row-actions sticky-actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" disabled={saving || current === null} onClick={() => current && setDraft(toDraft(current.settings))}>
            Revert
          </button>
          {savedAt !== null && issues.length === 0 && problem === null ? <span role="status">Saved.</span> : null}
        </div>
      </form>
      <PhonePanel />
      <SlackPanel />
      <HooksPanel />
    </section>
  );
}

function hotkeyWarning(status: HotkeyStatusDto | undefined): string | undefined {
  if (status === undefined || status.accelerator === null || status.registered) return undefined;
  return `Not registered: ${status.problem ?? 'unknown reason'}`;
}
