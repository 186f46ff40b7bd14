/**
 * Every snapshot waiting for a session: those of a project on this machine, and those kept here for
 * agents on configured hosts (`<snapshots dir>/<host>/<project dir name>/.trailboss/restart/`), each
 * naming its host. What `trailboss snapshot list` shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listSnapshots, snapshotDir, snapshotPath } from './snapshot-file.ts';

/** The directory under Trail Boss's home that keeps the snapshots of agents on hosts (one subdirectory per host). */
export function remoteSnapshotsDir(trailbossHome: string): string {
  return path.join(trailbossHome, 'snapshots');
}

/** One snapshot file. */
export interface SnapshotEntry {
  /** The configured host the agent ran on; null for this machine. */
  readonly host: string | null;
  /** This machine's project directory, or (for a host) Claude's name of the remote one (`-home-dev-api`). */
  readonly project: string;
  readonly agent: string;
  readonly path: string;
  /** Last written, epoch ms. */
  readonly savedAt: number;
}

const subdirs = (dir: string): string[] => {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
};

function entries(host: string | null, project: string, dir: string): SnapshotEntry[] {
  return listSnapshots(dir).flatMap((agent) => {
    const file = snapshotPath(dir, agent);
    try {
      return [{ host, project, agent, path: file, savedAt: fs.statSync(file).mtimeMs }];
    } catch {
      // Claimed (delivered) while we listed.
      return [];
    }
  });
}

/** The snapshots of `projectDir` (null: none) and of every host under `remoteDir`, local first, then by host. */
export function listAllSnapshots(projectDir: string | null, remoteDir: string): SnapshotEntry[] {
  const local = projectDir !== null && fs.existsSync(snapshotDir(projectDir)) ? entries(null, projectDir, projectDir) : [];
  const remote = subdirs(remoteDir).flatMap((host) =>
    subdirs(path.join(remoteDir, host)).flatMap((name) => entries(host, name, path.join(remoteDir, host, name))),
  );
  return [...local, ...remote];
}
