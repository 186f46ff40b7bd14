/** The one typed contract between the engine and every surface. Imports nothing outside this folder. */
export * from './envelope.ts';
export * from './channels.ts';
export * from './api.ts';
export * from './events.ts';
export * from './surface.ts';
export type * from './agent.ts';
export type * from './queue-item.ts';
export type * from './settings.ts';
export type * from './hooks.ts';
export type * from './activity.ts';
export type * from './chat-pairing.ts';
export type * from './phone.ts';
export type * from './slack.ts';
