/** The activity store: waits per agent over the last day, the agents, and the audit log. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ActivityDto, AgentDto, AuditEntryDto } from '../../preload/contract/index.ts';

export interface ActivityState {
  readonly status: 'idle' | 'loading' | 'ready' | 'failed';
  readonly activity: ActivityDto | null;
  readonly agents: readonly AgentDto[];
  readonly audit: readonly AuditEntryDto[];
  readonly problem: string | null;
}

export interface ActivityActions {
  activityRequested(): void;
  activityLoaded(activity: ActivityDto, audit: readonly AuditEntryDto[], agents: readonly AgentDto[]): void;
  activityFailed(problem: string): void;
  agentsChanged(agents: readonly AgentDto[]): void;
  agentChanged(agent: AgentDto): void;
}

export type ActivityStore = ActivityState & ActivityActions;

/** Creates an activity store. */
export function createActivityStore(): StoreApi<ActivityStore> {
  return createStore<ActivityStore>()((set) => ({
    status: 'idle',
    activity: null,
    agents: [],
    audit: [],
    problem: null,
    activityRequested: () => set((s) => ({ status: s.activity ? s.status : 'loading' })),
    activityLoaded: (activity, audit, agents) => set({ status: 'ready', activity, audit, agents, problem: null }),
    activityFailed: (problem) => set((s) => ({ status: s.activity ? 'ready' : 'failed', problem })),
    agentsChanged: (agents) => set({ agents }),
    agentChanged: (agent) => set((s) => ({ agents: s.agents.map((a) => (a.paneKey === agent.paneKey ? agent : a)) })),
  }));
}
