/**
 * Is there a GlobalShortcuts portal on this Wayland desktop? Electron's portal path reports a
 * registration as done before the portal answers, so on a desktop without the portal (GNOME 46)
 * every hotkey would say "registered" and never fire. The portal itself answers: the `version`
 * property of `org.freedesktop.portal.GlobalShortcuts` on the session bus (the bus the notifier
 * uses). Never throws.
 */
import dbus from 'dbus-native';

const PORTAL = 'org.freedesktop.portal.Desktop';
const PORTAL_PATH = '/org/freedesktop/portal/desktop';
const SHORTCUTS = 'org.freedesktop.portal.GlobalShortcuts';
/** The portal starts on first use (D-Bus activation): give it a moment, then say we do not know. */
const TIMEOUT_MS = 5_000;

/** What the bus said about the portal. */
export type ShortcutsPortal =
  | { readonly kind: 'present'; readonly version: number }
  /** No portal service, or one without the GlobalShortcuts interface. */
  | { readonly kind: 'absent'; readonly reason: string }
  /** No session bus, or no answer in time: registration is trusted as before. */
  | { readonly kind: 'unknown'; readonly reason: string };

/** The first number in a D-Bus variant as dbus-native unmarshals it (`[[signature], [value]]`). */
function variantNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (!Array.isArray(value)) return null;
  for (const part of [...value].reverse()) {
    const n = variantNumber(part);
    if (n !== null) return n;
  }
  return null;
}

/** Asks the session bus at `address` (DBUS_SESSION_BUS_ADDRESS) for the portal's GlobalShortcuts version. */
export async function probeShortcutsPortal(address: string | undefined, timeoutMs = TIMEOUT_MS): Promise<ShortcutsPortal> {
  if (address === undefined || address === '') return { kind: 'unknown', reason: 'no session bus (DBUS_SESSION_BUS_ADDRESS is not set)' };
  let bus: ReturnType<typeof dbus.sessionBus>;
  try {
    bus = dbus.sessionBus({ busAddress: address, timeout: timeoutMs });
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
  // A bus that drops the connection emits 'error'; the call below then fails and says so.
  bus.connection.on('error', () => undefined);
  try {
    const answer: unknown = await bus.invoke({
      destination: PORTAL,
      path: PORTAL_PATH,
      interface: 'org.freedesktop.DBus.Properties',
      member: 'Get',
      signature: 'ss',
      body: [SHORTCUTS, 'version'],
    });
    const version = variantNumber(answer);
    return version === null ? { kind: 'absent', reason: `${SHORTCUTS} answered no version` } : { kind: 'present', version };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const name = (error as { dbusName?: string; name?: string }).dbusName ?? (error as { name?: string }).name ?? '';
    // ServiceUnknown / NameHasNoOwner: no portal at all; UnknownInterface / InvalidArgs / UnknownProperty: a portal without GlobalShortcuts.
    if (
      /ServiceUnknown|NameHasNoOwner|UnknownInterface|UnknownProperty|InvalidArgs|UnknownMethod|No such interface/i.test(`${name} ${text}`)
    )
      return { kind: 'absent', reason: text };
    return { kind: 'unknown', reason: text };
  } finally {
    await Promise.resolve(bus.close()).catch(() => undefined);
  }
}
