/** The settings store: the engine's settings state, save progress and validation issues, and the hooks status. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ApiError,
  HooksStatusDto,
  PhoneStatusDto,
  SettingsStateDto,
  SlackPairingDto,
  SlackStatusDto,
  ValidationIssue,
} from '../../preload/contract/index.ts';
import { IDLE, type PairingFlow } from './chat-pairing.ts';

export interface SettingsState {
  readonly status: 'loading' | 'ready' | 'failed';
  readonly current: SettingsStateDto | null;
  readonly saving: boolean;
  /** Per-field problems from the engine's validation of the last save. */
  readonly issues: readonly ValidationIssue[];
  /** A problem not tied to a field (engine unreachable, file unwritable). */
  readonly problem: string | null;
  readonly savedAt: number | null;
  /** Bumped when the settings changed elsewhere (file edited, CLI): the form reloads its draft. */
  readonly revision: number;
  readonly hooks: HooksStatusDto | null;
  readonly hooksBusy: boolean;
  readonly hooksProblem: string | null;
  /** Pairing the phone from this view. */
  readonly pairing: PairingFlow;
  /** Why the last pairing step failed (invalid token, Telegram unreachable, code expired). */
  readonly pairingProblem: string | null;
  /** The Slack pairing (null until loaded). */
  readonly slack: SlackStatusDto | null;
  /** Pairing Slack from this view. */
  readonly slackPairing: PairingFlow<SlackPairingDto, string>;
  /** Why the last Slack step failed; or what it did (`Test message sent.`). */
  readonly slackProblem: string | null;
  readonly slackNote: string | null;
}

export interface SettingsActions {
  settingsLoaded(current: SettingsStateDto): void;
  settingsLoadFailed(problem: string): void;
  saveStarted(): void;
  settingsSaved(current: SettingsStateDto, at: number): void;
  saveRejected(error: ApiError): void;
  settingsChangedElsewhere(current: SettingsStateDto): void;
  hooksRequested(): void;
  hooksLoaded(hooks: HooksStatusDto): void;
  hooksFailed(problem: string): void;
  pairingChanged(pairing: PairingFlow, problem: string | null): void;
  /** The engine answered a pairing step with the phone status (paired, unpaired). */
  phoneStatusChanged(phone: PhoneStatusDto): void;
  slackStatusChanged(slack: SlackStatusDto): void;
  slackPairingChanged(pairing: PairingFlow<SlackPairingDto, string>, problem: string | null): void;
  /** A Slack step went well and says so (null clears it). */
  slackNoted(note: string | null): void;
}

export type SettingsStore = SettingsState & SettingsActions;

export const initialSettingsState: SettingsState = {
  status: 'loading',
  current: null,
  saving: false,
  issues: [],
  problem: null,
  savedAt: null,
  revision: 0,
  hooks: null,
  hooksBusy: false,
  hooksProblem: null,
  pairing: IDLE,
  pairingProblem: null,
  slack: null,
  slackPairing: IDLE,
  slackProblem: null,
  slackNote: null,
};

/** Creates a settings store. */
export function createSettingsStore(): StoreApi<SettingsStore> {
  return createStore<SettingsStore>()((set) => ({
    ...initialSettingsState,
    settingsLoaded: (current) => set((s) => ({ status: 'ready', current, problem: null, revision: s.revision + 1 })),
    settingsLoadFailed: (problem) => set((s) => ({ status: s.current ? 'ready' : 'failed', problem })),
    saveStarted: () => set({ saving: true, issues: [], problem: null }),
    settingsSaved: (current, at) => set({ saving: false, current, issues: [], problem: null, savedAt: at }),
    // Field issues go next to their fields; the message goes above the form when no field explains it.
    saveRejected: (error) => set({ saving: false, issues: error.issues ?? [], problem: error.message }),
    settingsChangedElsewhere: (current) => set((s) => ({ current, revision: s.revision + 1 })),
    hooksRequested: () => set({ hooksBusy: true, hooksProblem: null }),
    hooksLoaded: (hooks) => set({ hooks, hooksBusy: false, hooksProblem: null }),
    hooksFailed: (problem) => set({ hooksBusy: false, hooksProblem: problem }),
    pairingChanged: (pairing, problem) => set({ pairing, pairingProblem: problem }),
    phoneStatusChanged: (phone) => set((s) => (s.current === null ? {} : { current: { ...s.current, phone } })),
    slackStatusChanged: (slack) => set({ slack }),
    slackPairingChanged: (slackPairing, problem) => set({ slackPairing, slackProblem: problem, slackNote: null }),
    slackNoted: (slackNote) => set({ slackNote, slackProblem: null }),
  }));
}
