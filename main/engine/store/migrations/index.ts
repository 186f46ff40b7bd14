/** Every schema migration in order; the store migrates to the last one. */
import type { Migration } from '../migrate.ts';
import { migration0001 } from './0001-initial.ts';
import { migration0002 } from './0002-activity.ts';
import { migration0003 } from './0003-loop-mode-set.ts';
import { migration0004 } from './0004-retention.ts';
import { migration0005 } from './0005-phone.ts';
import { migration0006 } from './0006-phone-offset-bot.ts';
import { migration0007 } from './0007-phone-prune.ts';
import { migration0008 } from './0008-slack.ts';
import { migration0009 } from './0009-phone-deny-ask.ts';
import { migration0010 } from './0010-slack-deny-ask.ts';

/** Ordered list; versions must be 1..N without gaps (the runner checks). */
export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
];
