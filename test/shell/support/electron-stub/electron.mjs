// A stand-in for the `electron` module so the bundled shell (dist/main/shell/main.js) can boot under
// plain Node in tests: every Electron call the shell makes is recorded as a JSON line on stdout
// (`@@stub {...}`), and JSON commands on stdin play the user (click a menu item, press a hotkey,
// send an IPC call from a window, quit). Only what the shell uses is here.
import { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';

const emit = (ev, fields = {}) => process.stdout.write(`@@stub ${JSON.stringify({ ev, ...fields })}\n`);
let nextId = 1;
const windows = new Map();
const handlers = new Map();
const shortcuts = new Map();
let menuTemplate = [];
let protocolHandler = null;

function serialiseMenu(items) {
  return items.map((i) => ({
    id: i.id,
    label: i.label,
    enabled: i.enabled !== false,
    type: i.type ?? 'normal',
    checked: i.checked,
    submenu: i.submenu ? serialiseMenu(i.submenu) : undefined,
  }));
}
function findMenuItem(items, id) {
  for (const i of items) {
    if (i.id === id) return i;
    const inner = i.submenu ? findMenuItem(i.submenu, id) : null;
    if (inner) return inner;
  }
  return null;
}

class App extends EventEmitter {
  isPackaged = false;
  commandLine = { appendSwitch: (name, value) => emit('switch', { name, value }) };
  dock = { hide: () => emit('dock-hide') };
  setPath(name, value) {
    emit('set-path', { name, value });
  }
  requestSingleInstanceLock() {
    return true;
  }
  whenReady() {
    return new Promise((resolve) =>
      setImmediate(() => {
        emit('ready');
        resolve();
      }),
    );
  }
  focus() {}
  getAppPath() {
    return process.cwd();
  }
  getLoginItemSettings() {
    return { openAtLogin: false, wasOpenedAtLogin: false };
  }
  setLoginItemSettings(s) {
    emit('login-item', s);
  }
  quit() {
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.exit(0);
  }
  exit(code = 0) {
    emit('exit', { code });
    process.exit(code);
  }
}
export const app = new App();

export const dialog = { showErrorBox: (title, content) => emit('error-box', { title, content }) };

const webRequest = { onHeadersReceived: (listener) => emit('csp-hook', { set: typeof listener === 'function' }) };
export const session = {
  defaultSession: { webRequest, setPermissionRequestHandler: () => emit('permissions-denied'), setPermissionCheckHandler: () => {} },
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => emit('schemes', { schemes }),
  handle: (scheme, handler) => {
    protocolHandler = handler;
    emit('protocol', { scheme });
  },
};

export const nativeImage = {
  createEmpty: () => {
    const reps = [];
    return { reps, addRepresentation: (r) => reps.push({ scaleFactor: r.scaleFactor, bytes: r.buffer.length }) };
  },
  createFromBuffer: (buffer) => ({ bytes: buffer.length, png: buffer.subarray(1, 4).toString('latin1') === 'PNG' }),
};

export const powerMonitor = new (class extends EventEmitter {
  on(name, listener) {
    emit('power-monitor-on', { name });
    return super.on(name, listener);
  }
})();

export class Tray extends EventEmitter {
  constructor(image) {
    super();
    emit('tray-create', { reps: image.reps });
  }
  setImage(image) {
    emit('tray-image', { reps: image.reps });
  }
  setTitle(title) {
    emit('tray-title', { title });
  }
  setToolTip(toolTip) {
    emit('tray-tooltip', { toolTip });
  }
  setContextMenu(menu) {
    menuTemplate = menu.template;
    emit('tray-menu', { menu: serialiseMenu(menu.template) });
  }
  isDestroyed() {
    return false;
  }
  destroy() {
    emit('tray-destroy');
  }
}
export const Menu = { buildFromTemplate: (template) => ({ template }) };

export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  static remove(id) {
    emit('notification-remove', { id });
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    emit('notification-show', {
      id: this.options.id,
      title: this.options.title,
      body: this.options.body,
      silent: this.options.silent,
      actions: this.options.actions,
    });
  }
  close() {
    emit('notification-close', { id: this.options.id });
    this.emit('close');
  }
}

export const globalShortcut = {
  register(accelerator, callback) {
    const taken = (process.env.STUB_TAKEN_SHORTCUTS ?? '').split(',').includes(accelerator);
    if (!taken) shortcuts.set(accelerator, callback);
    emit('shortcut', { accelerator, ok: !taken });
    return !taken;
  },
  unregister(accelerator) {
    shortcuts.delete(accelerator);
  },
};

export const ipcMain = {
  handle(channel, handler) {
    handlers.set(channel, handler);
    emit('ipc-handle', { channel });
  },
  removeHandler(channel) {
    handlers.delete(channel);
  },
};

class WebContents extends EventEmitter {
  constructor() {
    super();
    this.id = nextId++;
    this.url = '';
    this.destroyed = false;
  }
  setWindowOpenHandler(h) {
    this.openHandler = h;
  }
  executeJavaScript(code) {
    emit('execute-js', { id: this.id, code });
    return Promise.resolve();
  }
  send(channel, payload) {
    emit('send', { id: this.id, channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
  getURL() {
    return this.url;
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.webContents = new WebContents();
    this.destroyed = false;
    windows.set(this.webContents.id, this);
    emit('window-create', {
      id: this.webContents.id,
      webPreferences: { ...options.webPreferences, preload: Boolean(options.webPreferences.preload) },
      show: options.show,
      icon: options.icon ?? null,
    });
  }
  async loadURL(url) {
    this.webContents.url = url;
    emit('window-load', { id: this.webContents.id, url });
    setImmediate(() => this.emit('ready-to-show'));
  }
  isMinimized() {
    return false;
  }
  restore() {}
  show() {
    emit('window-show', { id: this.webContents.id });
  }
  focus() {}
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    this.webContents.destroyed = true;
    windows.delete(this.webContents.id);
    this.emit('closed');
  }
}

/** Commands from the test, one JSON object per line; each answers with `result` and its `seq`. */
async function perform(cmd) {
  switch (cmd.cmd) {
    case 'click': {
      const item = findMenuItem(menuTemplate, cmd.id);
      if (!item?.click) return { clicked: false };
      item.click();
      return { clicked: true };
    }
    case 'hotkey': {
      const callback = shortcuts.get(cmd.accelerator);
      if (callback) callback();
      return { pressed: Boolean(callback) };
    }
    case 'ipc': {
      const handler = handlers.get(cmd.channel);
      if (!handler) return { error: `no handler for ${cmd.channel}` };
      const sender = windows.get(cmd.senderId)?.webContents ?? { id: cmd.senderId };
      const frame = cmd.frameUrl === null ? null : { url: cmd.frameUrl ?? sender.url, parent: cmd.subFrame ? {} : null };
      return handler({ sender, senderFrame: frame }, cmd.args);
    }
    case 'navigate': {
      const contents = windows.get(cmd.windowId)?.webContents;
      const event = {
        url: cmd.url,
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      contents?.emit('will-navigate', event);
      return { prevented: event.defaultPrevented };
    }
    case 'open-window': {
      const contents = windows.get(cmd.windowId)?.webContents;
      return contents?.openHandler?.({ url: cmd.url }) ?? null;
    }
    case 'fetch': {
      const res = await protocolHandler(new Request(cmd.url));
      return { status: res.status, csp: res.headers.get('content-security-policy'), type: res.headers.get('content-type') };
    }
    case 'quit':
      app.quit();
      return { quitting: true };
    case 'shutdown': {
      const event = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      powerMonitor.emit('shutdown', event);
      return { prevented: event.defaultPrevented };
    }
    case 'second-instance':
      app.emit('second-instance', {}, ['app'], process.cwd());
      return { sent: true };
    default:
      return { error: `unknown command ${cmd.cmd}` };
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  const cmd = JSON.parse(line);
  Promise.resolve(perform(cmd)).then(
    (value) => emit('result', { seq: cmd.seq, value }),
    (error) => emit('result', { seq: cmd.seq, error: String(error) }),
  );
});

export default {
  app,
  dialog,
  session,
  protocol,
  nativeImage,
  powerMonitor,
  Tray,
  Menu,
  Notification,
  globalShortcut,
  ipcMain,
  BrowserWindow,
};
