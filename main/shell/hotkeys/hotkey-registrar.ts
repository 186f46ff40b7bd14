/** Registers the planned global hotkeys with Electron and reports, per hotkey, what the OS allowed. */
import { globalShortcut } from 'electron';
import type { HotkeyStatusDto } from '../../../preload/contract/settings.ts';
import type { HotkeyEnvironment, HotkeyPlan } from './hotkey-status.ts';
import { hotkeyStatus, portalMissing } from './hotkey-status.ts';
import type { HotkeyName } from './hotkeys.ts';
import type { HotkeyPort } from '../app/shell-ports.ts';

/** The app's global hotkeys. Re-applying replaces the previous set. */
export class ElectronHotkeys implements HotkeyPort {
  private registered: string[] = [];

  constructor(private readonly env: HotkeyEnvironment) {}

  apply(plans: readonly HotkeyPlan[], onPressed: (name: HotkeyName) => void): HotkeyStatusDto[] {
    this.dispose();
    return plans.map((plan) => {
      if (plan.kind === 'skip' || portalMissing(this.env)) return hotkeyStatus(plan, false, this.env);
      let ok: boolean;
      try {
        // register() returns false, silently, when another app holds the key; that is reported, not ignored.
        ok = globalShortcut.register(plan.accelerator, () => onPressed(plan.name));
      } catch (err) {
        return {
          name: plan.name,
          accelerator: plan.accelerator,
          registered: false,
          problem: `Electron rejected ${plan.accelerator}: ${err instanceof Error ? err.message : String(err)}`,
        };
      }
      if (ok) this.registered.push(plan.accelerator);
      return hotkeyStatus(plan, ok, this.env);
    });
  }

  /** Unregisters ours only (never unregisterAll: that is not ours to decide for other code). */
  dispose(): void {
    for (const accelerator of this.registered) globalShortcut.unregister(accelerator);
    this.registered = [];
  }
}
