/** Claude Code hooks: whether they are installed and heard from; install and uninstall. */
import { useEffect } from 'react';
import { useController, useSettings } from '../../../client/react/context.tsx';

/** The hooks section of the settings screen. */
export function HooksPanel() {
  const controller = useController();
  const hooks = useSettings((s) => s.hooks);
  const busy = useSettings((s) => s.hooksBusy);
  const problem = useSettings((s) => s.hooksProblem);
  useEffect(() => {
    void controller.loadHooks();
  }, [controller]);

  return (
    <fieldset className="section">
      <legend>Claude Code hooks</legend>
      <p className="hint">
        Hooks tell Trail Boss the moment Claude Code asks for permission or ends a turn, faster and surer than reading the screen.
      </p>
      {hooks !== null ? (
        <dl className="facts">
          <dt>Status</dt>
          <dd data-testid="hooks-state">
            {hooks.state === 'installed' ? 'Installed' : hooks.state === 'partial' ? 'Partly installed' : 'Not installed'}
          </dd>
          <dt>Settings file</dt>
          <dd>
            <code>{hooks.settingsPath}</code>
          </dd>
          {hooks.missing.length > 0 ? (
            <>
              <dt>Missing events</dt>
              <dd>{hooks.missing.join(', ')}</dd>
            </>
          ) : null}
          <dt>Last hook received</dt>
          <dd>{hooks.lastHookAt === null ? 'none since start' : new Date(hooks.lastHookAt).toLocaleString()}</dd>
        </dl>
      ) : null}
      {hooks?.problem ? <p className="problem">{hooks.problem}</p> : null}
      {problem !== null ? (
        <p className="problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="row-actions">
        <button type="button" disabled={busy || hooks?.state === 'installed'} onClick={() => void controller.installHooks()}>
          Install hooks
        </button>
        <button type="button" disabled={busy || hooks?.state === 'absent'} onClick={() => void controller.uninstallHooks()}>
          Uninstall
        </button>
        <button type="button" disabled={busy} onClick={() => void controller.loadHooks()}>
          Refresh
        </button>
      </div>
    </fieldset>
  );
}
