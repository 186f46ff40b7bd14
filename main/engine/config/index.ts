/** The config's public surface: schema and defaults, load/validate, save, watch. */
export { configSchema, DEFAULT_CONFIG, type Config, type ConfigInput } from './schema.ts';
export { loadConfig, parseConfigText, validateConfig, type ConfigIssue, type ConfigResult } from './load.ts';
export { saveConfig } from './save.ts';
export { ConfigWatcher, type ConfigWatcherOptions } from './watch.ts';
export { parseDuration } from './duration.ts';
