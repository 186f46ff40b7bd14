/** The tray icon and its menu: maps the pure menu model and icon spec onto Electron's Tray and Menu. */
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { renderTrayIcon } from './icon-image.ts';
import { menuLabel } from './menu-label.ts';
import { encodePng } from './png-encode.ts';
import type { ShellAction } from '../app/shell-action.ts';
import type { TrayPort } from '../app/shell-ports.ts';
import type { TrayIconSpec } from './tray-icon.ts';
import { trayIconSpec } from './tray-icon.ts';
import type { TrayMenuEntry, TrayMenuModel } from './tray-menu.ts';

/** Logical icon size per platform: the macOS menu bar and Linux indicators are taller than the Windows tray. */
function iconSize(platform: NodeJS.Platform): number {
  return platform === 'darwin' ? 18 : platform === 'win32' ? 16 : 22;
}

/** The icon at 1x and 2x, so it is sharp on high-density screens. */
export function trayImage(spec: TrayIconSpec, platform: NodeJS.Platform): NativeImage {
  const size = iconSize(platform);
  const image = nativeImage.createEmpty();
  for (const scaleFactor of [1, 2]) {
    const bmp = renderTrayIcon(spec, size * scaleFactor);
    image.addRepresentation({ scaleFactor, width: size, height: size, buffer: encodePng(bmp.width, bmp.height, bmp.rgba) });
  }
  return image;
}

function template(
  entries: readonly TrayMenuEntry[],
  platform: NodeJS.Platform,
  onAction: (a: ShellAction) => void,
): MenuItemConstructorOptions[] {
  return entries.map((e): MenuItemConstructorOptions => {
    switch (e.type) {
      case 'separator':
        return { type: 'separator', id: e.id };
      case 'submenu':
        return { id: e.id, label: menuLabel(e.label, platform), submenu: template(e.entries, platform, onAction) };
      case 'action': {
        const act = e.action;
        const item: MenuItemConstructorOptions = {
          id: e.id,
          label: menuLabel(e.label, platform),
          enabled: e.enabled,
          click: act === null ? undefined : () => onAction(act),
        };
        return e.checked === undefined ? item : { ...item, type: 'checkbox', checked: e.checked };
      }
    }
  });
}

/** The app's tray icon. What a left click does is the controller's (shell-ports.ts `trayClickOpensQueue`). */
export class ElectronTray implements TrayPort {
  private readonly tray: Tray;
  private iconKey = '';

  constructor(private readonly platform: NodeJS.Platform) {
    const initial = trayIconSpec(0, false, false);
    this.tray = new Tray(trayImage(initial, platform));
    this.iconKey = initial.key;
    this.tray.setToolTip(initial.toolTip);
  }

  onClick(listener: () => void): void {
    this.tray.on('click', listener);
  }

  render(menu: TrayMenuModel, icon: TrayIconSpec, onAction: (action: ShellAction) => void): void {
    if (icon.key !== this.iconKey) {
      this.tray.setImage(trayImage(icon, this.platform));
      this.iconKey = icon.key;
    }
    if (this.platform === 'darwin') this.tray.setTitle(icon.title);
    this.tray.setToolTip(icon.toolTip);
    this.tray.setContextMenu(Menu.buildFromTemplate(template(menu.entries, this.platform, onAction)));
  }

  destroy(): void {
    if (!this.tray.isDestroyed()) this.tray.destroy();
  }
}
