/** Ready-made scenarios for scripted agents (see test/support/scripted-agent/README.md). */
export {
  claudePermBash,
  claudePermWrite,
  claudePermEdit,
  claudePermWebFetch,
  claudeIdleWorking,
  claudeTrustDialog,
  claudeAutoModeOffer,
  claudeIdle,
} from './claude.ts';
export type { ClaudeScenarioOptions } from './claude.ts';
export { claudeDenyFieldPrompt } from './claude-deny-field.ts';
export { codexExecApproval, codexModelMigration, codexWarningsOverlay, codexIdle } from './codex.ts';
export type { CodexScenarioOptions } from './codex.ts';
export { opencodeBashApproval, opencodeIdle } from './opencode.ts';
export { auggieShellApproval } from './auggie.ts';
export { PEER_RUNTIMES, peerPrompt, peerWorkingStates } from './peer-runtime.ts';
export { FLEET_RUNTIMES } from './fleet.ts';
export type { ExpectedItem, FleetRuntime } from './fleet.ts';
export type { OpencodeScenarioOptions } from './opencode.ts';
export { promptAfter, looping, latencyScenario } from './latency.ts';
export type { LatencyRuntime } from './latency.ts';
export { FIXTURES_ROOT } from './fixtures.ts';
