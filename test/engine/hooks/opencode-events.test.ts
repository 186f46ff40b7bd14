/**
 * The opencode bus events our plugin forwards, as opencode 1.18.33 sent them
 * (test/fixtures/hooks/opencode): every recorded one validates, extra fields are kept, the fields we
 * act on are required, other event types are refused by name, and each maps to its signal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOpencodeEvent } from '../../../main/engine/hooks/opencode-schemas.ts';
import { opencodeSubject, opencodeToSignal } from '../../../main/engine/hooks/opencode-signal.ts';

const DIR = join(import.meta.dirname, '../../fixtures/hooks/opencode');
const fixture = (name: string) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Record<string, unknown>;
const recorded = () =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(join(DIR, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    );

function parsed(value: unknown) {
  const r = parseOpencodeEvent(value);
  if (!r.ok) throw new Error(r.message);
  return r.event;
}

describe('opencode events', () => {
  it('every recorded event validates, unknown fields kept', () => {
    const all = recorded();
    expect(all.length).toBeGreaterThan(5);
    for (const e of all) expect(parseOpencodeEvent(e), JSON.stringify(e)).toMatchObject({ ok: true });
    const asked = parsed(fixture('permission.asked-bash.json'));
    expect(asked).toMatchObject({ id: expect.stringMatching(/^evt_/), properties: { always: ['echo *'] } });
  });

  it('permission.asked claims a permission with the tool and what it touches, never keys', () => {
    expect(opencodeToSignal(parsed(fixture('permission.asked-bash.json')))).toEqual({
      kind: 'permission-request',
      tool: 'bash',
      subject: 'echo ran >> ran.txt',
    });
  });

  it('the other prompts the live suite causes: file, outside directory, URL', () => {
    const subject = (name: string) => opencodeToSignal(parsed(fixture(name)));
    expect(subject('permission.asked-write.json')).toMatchObject({
      tool: 'edit',
      subject: expect.stringMatching(/\/project\/written\.txt$/),
    });
    expect(subject('permission.asked-edit.json')).toMatchObject({ tool: 'edit', subject: expect.stringMatching(/\/project\/notes\.txt$/) });
    expect(subject('permission.asked-external_directory.json')).toMatchObject({
      tool: 'external_directory',
      subject: expect.stringMatching(/\/outside\/secret\.txt$/),
    });
    expect(subject('permission.asked-webfetch.json')).toMatchObject({ tool: 'webfetch', subject: 'http://127.0.0.1:9/fetch-target' });
  });

  it('a reply means running again; session.status busy is working and idle is the end of the turn', () => {
    expect(opencodeToSignal(parsed(fixture('permission.replied-once.json')))).toEqual({ kind: 'working', event: 'PermissionReplied' });
    expect(opencodeToSignal(parsed(fixture('permission.replied-reject.json')))).toEqual({ kind: 'working', event: 'PermissionReplied' });
    expect(opencodeToSignal(parsed(fixture('session.status-busy.json')))).toEqual({ kind: 'working', event: 'SessionBusy' });
    expect(opencodeToSignal(parsed(fixture('session.status-idle.json')))).toEqual({ kind: 'stop', lastAssistantMessage: null });
  });

  it('a session status this version does not know says nothing', () => {
    const busy = fixture('session.status-busy.json') as { properties: Record<string, unknown> };
    const odd = { ...busy, properties: { ...busy.properties, status: { type: 'hibernating' } } };
    expect(opencodeToSignal(parsed(odd))).toBeNull();
  });

  it('refuses other event types by name and events missing a field we use', () => {
    expect(parseOpencodeEvent({ type: 'message.part.delta', properties: { sessionID: 's' } })).toMatchObject({
      ok: false,
      reason: 'unknown-event',
    });
    const asked = fixture('permission.asked-bash.json') as { properties: Record<string, unknown> };
    const { permission: _gone, ...noPermission } = asked.properties;
    expect(parseOpencodeEvent({ ...asked, properties: noPermission })).toMatchObject({ ok: false, reason: 'schema-invalid' });
    expect(parseOpencodeEvent({ ...asked, properties: { ...asked.properties, sessionID: '' } })).toMatchObject({ ok: false });
    expect(parseOpencodeEvent('not an event')).toMatchObject({ ok: false, reason: 'schema-invalid' });
    expect(parseOpencodeEvent(null)).toMatchObject({ ok: false });
  });

  it('the subject: the command, a file or URL from the metadata, else the patterns; long ones cut', () => {
    expect(opencodeSubject({ permission: 'edit', patterns: ['notes.txt'], metadata: { filepath: '/p/notes.txt' } })).toBe('/p/notes.txt');
    expect(opencodeSubject({ permission: 'external_directory', patterns: ['/outside/*'] })).toBe('/outside/*');
    expect(opencodeSubject({ permission: 'bash', patterns: [], metadata: { command: 'x'.repeat(400) } })).toHaveLength(300);
  });
});
