/**
 * The queue / settings window: one at a time, created on demand and destroyed when closed (a tray
 * app should not keep a renderer alive for nothing). Sandboxed, context-isolated, no Node, no
 * navigation away from our page, no new windows.
 */
import { app, BrowserWindow, nativeImage } from 'electron';
import { appIconPng } from '../app/app-icon.ts';
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';
import { appPageUrl, isAppPage, type AppView } from './app-url.ts';
import { sendEvent } from '../ipc/send-event.ts';
import type { WindowPort } from '../app/shell-ports.ts';

/** What the windows need. */
export interface AppWindowsOptions {
  /** Absolute path of the bundled preload (dist/preload/index.js). */
  readonly preload: string;
  readonly platform: NodeJS.Platform;
  readonly log: (event: string, fields: Record<string, unknown>) => void;
  /** A packaged build: no DevTools (a user's window is not a debugger). */
  readonly packaged: boolean;
}

/** The app's window(s), as the shell controller's WindowPort. */
export class AppWindows implements WindowPort {
  private win: BrowserWindow | null = null;

  constructor(private readonly opts: AppWindowsOptions) {}

  /** webContents ids of our windows: the only senders IPC accepts. */
  ourWebContents(): ReadonlySet<number> {
    return new Set(this.win !== null && !this.win.isDestroyed() ? [this.win.webContents.id] : []);
  }

  openQueue(itemId: string | null): void {
    this.open('queue', itemId);
  }

  openSettings(): void {
    this.open('settings', null);
  }

  broadcast<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (this.win !== null && !this.win.isDestroyed()) sendEvent(this.win.webContents, event, payload);
  }

  /** The window, if open (the e2e hook counts it). */
  current(): BrowserWindow | null {
    return this.win !== null && !this.win.isDestroyed() ? this.win : null;
  }

  closeAll(): void {
    this.current()?.destroy();
    this.win = null;
  }

  private open(view: AppView, itemId: string | null): void {
    const url = appPageUrl(view, itemId);
    const existing = this.current();
    if (existing !== null) {
      // Same page, new fragment: the renderer selects the view/item without reloading.
      void existing.webContents.executeJavaScript(`location.hash = ${JSON.stringify(new URL(url).hash)};`).catch(() => {});
      this.bringForward(existing);
      return;
    }
    const win = this.create();
    this.win = win;
    win.once('ready-to-show', () => this.bringForward(win));
    void win.loadURL(url).catch((err: unknown) => this.opts.log('window.load-failed', { url, error: String(err) }));
  }

  private bringForward(win: BrowserWindow): void {
    if (win.isMinimized()) win.restore();
    win.show();
    // A menu-bar app (no Dock icon) is never "active" on its own: take focus explicitly.
    if (this.opts.platform === 'darwin') app.focus({ steal: true });
    win.focus();
  }

  private create(): BrowserWindow {
    const win = new BrowserWindow({
      width: 960,
      height: 720,
      minWidth: 560,
      minHeight: 400,
      show: false,
      title: 'Trail Boss',
      // Linux shows it in the window list and the dock (macOS takes the bundle's icon).
      icon: nativeImage.createFromBuffer(appIconPng(256)),
      autoHideMenuBar: true,
      webPreferences: {
        preload: this.opts.preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        spellcheck: false,
        devTools: !this.opts.packaged,
      },
    });
    const contents = win.webContents;
    contents.on('will-navigate', (event) => {
      if (isAppPage(event.url)) return;
      event.preventDefault();
      this.opts.log('window.navigation-blocked', { url: event.url });
    });
    contents.on('will-redirect', (event) => {
      if (!isAppPage(event.url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      this.opts.log('window.open-blocked', { url });
      return { action: 'deny' };
    });
    win.on('closed', () => {
      if (this.win === win) this.win = null;
    });
    return win;
  }
}
