/** Every request channel, `domain:verb`. Use the constants (find-references shows every use), never the strings. */

export const CHANNELS = {
  queueList: 'queue:list',
  itemApprove: 'item:approve',
  itemDeny: 'item:deny',
  itemReply: 'item:reply',
  itemJump: 'item:jump',
  itemSkip: 'item:skip',
  itemSnooze: 'item:snooze',
  itemRestart: 'item:restart',
  paneMute: 'pane:mute',
  paneLoop: 'pane:loop',
  paneWake: 'pane:wake',
  agentsList: 'agents:list',
  settingsGet: 'settings:get',
  settingsSet: 'settings:set',
  hooksStatus: 'hooks:status',
  hooksInstall: 'hooks:install',
  hooksUninstall: 'hooks:uninstall',
  activityGet: 'activity:get',
  auditList: 'audit:list',
  phonePair: 'phone:pair',
  phonePairing: 'phone:pairing',
  phoneConfirm: 'phone:confirm',
  phoneCancel: 'phone:cancel',
  phoneUnpair: 'phone:unpair',
  slackStatus: 'slack:status',
  slackPair: 'slack:pair',
  slackPairing: 'slack:pairing',
  slackConfirm: 'slack:confirm',
  slackCancel: 'slack:cancel',
  slackTest: 'slack:test',
  slackUnpair: 'slack:unpair',
} as const;

/** A request channel name. */
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** All channel names, for allow-lists (preload, IPC handlers, the HTTP router). */
export const CHANNEL_NAMES: readonly Channel[] = Object.values(CHANNELS);

/** Whether an untrusted string names a channel of the contract. */
export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && (CHANNEL_NAMES as readonly string[]).includes(name);
}
