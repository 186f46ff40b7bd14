/** A live scenario past its limit fails with the pane's screen; one within it returns its value. */
import { describe, expect, it } from 'vitest';
import { ScenarioHang, withDeadline } from './deadline.ts';

describe('withDeadline', () => {
  it('rejects a body that never settles with a ScenarioHang carrying the screen', async () => {
    const error = await withDeadline(
      'live x: start',
      200,
      async () => 'Indexing disabled for current workspace',
      () => new Promise<never>(() => {}),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioHang);
    expect((error as ScenarioHang).screen).toBe('Indexing disabled for current workspace');
    expect((error as Error).message).toMatch(/^live x: start: no result within 0 s \(hung\?\); the pane shows:\nIndexing disabled/);
  });

  it('returns what the body returns, and passes its failure through', async () => {
    let looked = false;
    const screen = async () => {
      looked = true;
      return '';
    };
    expect(await withDeadline('ok', 5_000, screen, async () => 42)).toBe(42);
    await expect(withDeadline('fails', 5_000, screen, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(looked).toBe(false);
  });

  it('says when the screen could not be captured', async () => {
    const error = (await withDeadline(
      'y',
      100,
      () => Promise.reject(new Error('no server')),
      () => new Promise<never>(() => {}),
    ).catch((e: unknown) => e)) as ScenarioHang;
    expect(error.screen).toBe('(capture failed: Error: no server)');
  });
});
