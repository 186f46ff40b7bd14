import { describe, expect, it } from 'vitest';
import { acceleratorProblem } from '../../../main/engine/config/accelerator.ts';

describe('acceleratorProblem', () => {
  it.each(['CommandOrControl+Alt+J', 'CmdOrCtrl+Shift+F12', 'Super+Space', 'Ctrl+Alt+/', 'Alt+Plus'])('accepts %s', (text) => {
    expect(acceleratorProblem(text)).toBeNull();
  });

  it('asks for a modifier on a bare key', () => {
    expect(acceleratorProblem('J')).toMatch(/modifier/);
  });

  it('names an unknown modifier', () => {
    expect(acceleratorProblem('Hyper+J')).toBe('unknown modifier "Hyper"');
  });

  it('names an unknown key', () => {
    expect(acceleratorProblem('Alt+Banana')).toBe('unknown key "Banana"');
  });

  it('refuses a trailing plus', () => {
    expect(acceleratorProblem('Ctrl+')).toBe('unknown key ""');
  });
});
