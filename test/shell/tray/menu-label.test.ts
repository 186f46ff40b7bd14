import { describe, expect, it } from 'vitest';
import { menuLabel } from '../../../main/shell/tray/menu-label.ts';

describe('menuLabel', () => {
  it('doubles & off macOS so `a && b` is not read as mnemonics', () => {
    expect(menuLabel('wants to run `make && make install`', 'linux')).toBe('wants to run `make &&&& make install`');
    expect(menuLabel('R&D', 'win32')).toBe('R&&D');
  });

  it('leaves labels alone on macOS', () => {
    expect(menuLabel('a && b', 'darwin')).toBe('a && b');
  });
});
