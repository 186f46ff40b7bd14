/** Pure: the `hosts` list of a config file's JSON, edited as `trailboss hosts add|remove` asks. */

/** One host as written to config.json (defaults left out, so the file stays short). */
export interface HostEntryInput {
  readonly name: string;
  readonly destination: string;
  readonly sockets?: readonly string[];
  readonly sshConfig?: string | null;
  readonly enabled?: boolean;
  readonly hooks?: boolean;
}

/** The edited config object, or why not. */
export type HostsEdit = { readonly ok: true; readonly config: Record<string, unknown> } | { readonly ok: false; readonly message: string };

function hostsOf(config: Record<string, unknown>): HostEntryInput[] {
  return Array.isArray(config['hosts']) ? (config['hosts'] as HostEntryInput[]) : [];
}

/** Add a host; a name already there is refused (remove it first: an edit must be deliberate). */
export function withHostAdded(config: Record<string, unknown>, entry: HostEntryInput): HostsEdit {
  const hosts = hostsOf(config);
  if (hosts.some((h) => h.name === entry.name))
    return { ok: false, message: `host "${entry.name}" is already configured (remove it first to change it)` };
  return { ok: true, config: { ...config, hosts: [...hosts, entry] } };
}

/** Turn the forwarding of a host's Claude hooks on or off (`hooks install|uninstall --host`); off leaves the key out. */
export function withHostHooks(config: Record<string, unknown>, name: string, on: boolean): HostsEdit {
  const hosts = hostsOf(config);
  if (!hosts.some((h) => h.name === name)) return { ok: false, message: `no host "${name}" is configured` };
  const edited = hosts.map((h) => {
    if (h.name !== name) return h;
    const { hooks: _old, ...rest } = h;
    return on ? { ...rest, hooks: true } : rest;
  });
  return { ok: true, config: { ...config, hosts: edited } };
}

/** Remove a host by name. */
export function withHostRemoved(config: Record<string, unknown>, name: string): HostsEdit {
  const hosts = hostsOf(config);
  if (!hosts.some((h) => h.name === name)) return { ok: false, message: `no host "${name}" is configured` };
  return { ok: true, config: { ...config, hosts: hosts.filter((h) => h.name !== name) } };
}
