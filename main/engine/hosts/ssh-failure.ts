/** Pure: what went wrong when ssh itself failed (exit 255), in words a user can act on. */

/** Why a host could not be used. */
export type SshFailureKind = 'host-key-unknown' | 'host-key-changed' | 'auth-failed' | 'timeout' | 'unreachable' | 'failed';

/** An ssh failure, sorted and explained. */
export interface SshFailure {
  readonly kind: SshFailureKind;
  /** One line for people: what happened and what to do. */
  readonly message: string;
  /** ssh's own first relevant stderr line. */
  readonly detail: string;
}

const RULES: readonly { kind: SshFailureKind; test: RegExp; say: string }[] = [
  {
    kind: 'host-key-changed',
    test: /REMOTE HOST IDENTIFICATION HAS CHANGED|host key for .* has changed/i,
    say: 'the host key has changed; refusing to connect (check it, then fix known_hosts yourself)',
  },
  {
    kind: 'host-key-unknown',
    test: /Host key verification failed|No .*host key is known|host key is not known/i,
    say: 'the host key is unknown; connect once with plain ssh to check and accept it',
  },
  {
    kind: 'auth-failed',
    test: /Permission denied|Too many authentication failures|no mutual signature|Authentication failed/i,
    say: 'authentication failed (keys or agent; passwords are not asked for)',
  },
  { kind: 'timeout', test: /timed out|Connection timed out|banner exchange/i, say: 'the host did not answer in time' },
  {
    kind: 'unreachable',
    test: /Connection refused|No route to host|Network is unreachable|Could not resolve hostname|Name or service not known|Connection closed by|Connection reset|kex_exchange_identification|Broken pipe|Connection to .* closed/i,
    say: 'the host cannot be reached',
  },
];

/** Classify ssh's stderr (exit 255 means ssh itself failed, not the remote command). Rules in order: the most specific first. */
export function classifySshFailure(stderr: string): SshFailure {
  const lines = stderr
    .split('\n')
    .map((l) => l.replace(/^@+\s*|\s*@+$/g, '').trim())
    .filter((l) => l !== '');
  for (const rule of RULES) {
    if (!rule.test.test(stderr)) continue;
    return { kind: rule.kind, message: rule.say, detail: lines.find((l) => rule.test.test(l)) ?? lines[0] ?? '' };
  }
  return { kind: 'failed', message: 'ssh failed', detail: lines[0] ?? '' };
}

/** The same for a run our own timer ended (ssh never gave up by itself). */
export function sshTimedOut(): SshFailure {
  return { kind: 'timeout', message: 'the host did not answer in time', detail: 'ssh was stopped after waiting too long' };
}
