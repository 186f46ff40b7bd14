/**
 * From the configured hotkeys to what the settings view shows: which to register, which are
 * invalid or duplicated, and — after registration — a hint for each failure. Never silent.
 */
import type { HotkeyStatusDto, SettingsDto, SettingsStateDto } from '../../../preload/contract/settings.ts';
import { knownClash } from './hotkey-clashes.ts';
import { HOTKEY_NAMES, parseAccelerator, physicalCombo, type HotkeyName } from './hotkeys.ts';

/** The display session a Linux app runs in, and whether Electron was told to use the GlobalShortcuts portal. */
export interface HotkeyEnvironment {
  readonly platform: NodeJS.Platform;
  readonly session: 'x11' | 'wayland' | 'none';
  readonly portalEnabled: boolean;
  /** What the session bus said of the GlobalShortcuts portal (shortcuts-portal.ts); absent: not asked. */
  readonly portal?: 'present' | 'absent' | 'unknown';
}

/** On Wayland with no GlobalShortcuts portal, Electron still says "registered" but no key ever fires: do not register. */
export function portalMissing(env: HotkeyEnvironment): boolean {
  return env.platform === 'linux' && env.session === 'wayland' && env.portal === 'absent';
}

/** Reads the display session from the environment (pass `process.env`). */
export function hotkeyEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
  portalEnabled: boolean,
): HotkeyEnvironment {
  if (platform !== 'linux') return { platform, session: 'none', portalEnabled };
  const type = (env['XDG_SESSION_TYPE'] ?? '').toLowerCase();
  const wayland = type === 'wayland' || (type === '' && (env['WAYLAND_DISPLAY'] ?? '') !== '');
  const session = wayland ? 'wayland' : (env['DISPLAY'] ?? '') !== '' || type === 'x11' ? 'x11' : 'none';
  return { platform, session, portalEnabled };
}

/** What to do with one configured hotkey. */
export type HotkeyPlan =
  | { readonly name: HotkeyName; readonly kind: 'register'; readonly accelerator: string; readonly warning: string | null }
  | { readonly name: HotkeyName; readonly kind: 'skip'; readonly accelerator: string | null; readonly problem: string | null };

/** Decides, per hotkey, whether to register it: disabled (null), invalid, or the same keys as an earlier one are skipped with a reason. */
export function planHotkeys(hotkeys: SettingsDto['hotkeys'], platform: NodeJS.Platform): HotkeyPlan[] {
  const seen = new Map<string, HotkeyName>();
  return HOTKEY_NAMES.map((name): HotkeyPlan => {
    const text = hotkeys[name];
    if (text === null) return { name, kind: 'skip', accelerator: null, problem: null };
    const parsed = parseAccelerator(text);
    if (!parsed.ok) return { name, kind: 'skip', accelerator: text, problem: `"${text}" ${parsed.problem}` };
    const combo = physicalCombo(parsed.accelerator, platform);
    const other = seen.get(combo);
    if (other !== undefined) return { name, kind: 'skip', accelerator: text, problem: `same keys as ${other}; choose another` };
    seen.set(combo, name);
    return { name, kind: 'register', accelerator: parsed.accelerator.text, warning: knownClash(parsed.accelerator, platform) };
  });
}

/** Why a registration the OS refused failed, with what the user can do. */
export function registrationFailureHint(accelerator: string, env: HotkeyEnvironment): string {
  if (portalMissing(env))
    return `${accelerator} is unavailable: this Wayland desktop has no GlobalShortcuts portal (GNOME 46 and older have none), so no app can have a global key. Bind a desktop shortcut (GNOME: Settings → Keyboard → Custom Shortcuts) to \`trailboss jump\` instead, or use the tray menu.`;
  if (env.platform === 'linux' && env.session === 'wayland') {
    return env.portalEnabled
      ? `${accelerator} was not bound: on Wayland global shortcuts go through the desktop’s GlobalShortcuts portal, which refused it or is missing (GNOME before 48, some compositors). Bind a desktop shortcut to \`trailboss jump\` instead, or use the tray menu.`
      : `${accelerator} cannot be registered: this Wayland session gives apps no global keys without the GlobalShortcuts portal. Bind a desktop shortcut to \`trailboss jump\` instead, or use the tray menu.`;
  }
  if (env.platform === 'darwin') return `${accelerator} is taken by another app or by macOS; choose another in Settings.`;
  return `${accelerator} is taken by another app (the OS gives a global key to one app only); choose another in Settings.`;
}

/** The status row for a hotkey after the registration attempt (`registered` ignored for skipped ones). */
export function hotkeyStatus(plan: HotkeyPlan, registered: boolean, env: HotkeyEnvironment): HotkeyStatusDto {
  if (plan.kind === 'skip') return { name: plan.name, accelerator: plan.accelerator, registered: false, problem: plan.problem };
  if (!registered || portalMissing(env))
    return { name: plan.name, accelerator: plan.accelerator, registered: false, problem: registrationFailureHint(plan.accelerator, env) };
  // Registered on Wayland only means the portal accepted the request; the desktop may still ask the user.
  const waylandNote =
    env.platform === 'linux' && env.session === 'wayland' ? 'on Wayland the desktop may ask you to confirm the key in its settings' : null;
  const problem = [plan.warning, waylandNote].filter((p): p is string => p !== null).join('; ');
  return { name: plan.name, accelerator: plan.accelerator, registered: true, problem: problem === '' ? null : problem };
}

/** The engine's settings answer with the shell's hotkey statuses in place of the engine's (it cannot know them). */
export function withHotkeyStatus(state: SettingsStateDto, statuses: readonly HotkeyStatusDto[]): SettingsStateDto {
  return { ...state, hotkeys: statuses };
}
