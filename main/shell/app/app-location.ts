/**
 * Whether the packaged macOS app runs from a place that does not last: the mounted dmg (`/Volumes/…`)
 * or a translocated copy (Gatekeeper runs a quarantined app from a random read-only path under
 * `…/AppTranslocation/…`). Hooks installed from there would point at a path that is gone after an
 * eject or a restart, so the shell offers `app.moveToApplicationsFolder` first. Pure.
 */

/** Where a transient macOS app runs from; null when it lasts (or off macOS, or unpackaged). */
export type TransientAppLocation = 'dmg' | 'translocated';

/** What the decision needs to know about the running app. */
export interface AppLocationFacts {
  readonly platform: NodeJS.Platform;
  readonly packaged: boolean;
  /** process.execPath. */
  readonly execPath: string;
}

/** The transient location the app runs from, or null. */
export function transientAppLocation(facts: AppLocationFacts): TransientAppLocation | null {
  if (facts.platform !== 'darwin' || !facts.packaged) return null;
  if (facts.execPath.includes('/AppTranslocation/')) return 'translocated';
  if (facts.execPath.startsWith('/Volumes/')) return 'dmg';
  return null;
}

/** The question the shell asks before installing hooks from a transient location. */
export function moveQuestion(location: TransientAppLocation): { readonly message: string; readonly detail: string } {
  const where = location === 'dmg' ? 'the disk image' : 'a temporary copy macOS made of it (App Translocation)';
  return {
    message: 'Move Trail Boss to Applications first?',
    detail:
      `Trail Boss is running from ${where}. Hooks installed now would point at a path that is gone once it is ` +
      'ejected or the app restarts. Move it to Applications (it restarts from there), then install the hooks again.',
  };
}

/** The refusal when the user keeps the app where it is (or the move failed): nothing was installed. */
export function notMovedMessage(location: TransientAppLocation, failure: string | null): string {
  const where = location === 'dmg' ? 'the disk image' : 'a translocated copy';
  return `hooks not installed: Trail Boss runs from ${where}, and the hooks would point at a path that vanishes${
    failure === null ? '' : ` (the move failed: ${failure})`
  }; drag Trail Boss to Applications, open it from there and install the hooks again`;
}
