/**
 * Assembles the packaged app's resources directory the way electron-builder.yml tells
 * electron-builder to: the `files` patterns over the built tree, the production dependencies, an
 * asar archive (with `@electron/asar`, which electron-builder uses) and `asarUnpack` plus its
 * smart-unpack of native modules beside it. Electron itself is never needed.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createPackageWithOptions } from '@electron/asar';
import { builderConfig, ROOT } from './builder-config.ts';

/** The result: `<resources>/app.asar` and `<resources>/app.asar.unpacked`. */
export interface AssembledApp {
  readonly resources: string;
  readonly asar: string;
  readonly unpacked: string;
  /** Paths inside the archive (relative, forward slashes) that were packed. */
  readonly files: readonly string[];
}

function walk(dir: string, prefix: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    const rel = `${prefix}${name}`;
    return statSync(full).isDirectory() ? walk(full, `${rel}/`) : [rel];
  });
}

/** electron-builder's `files`: a path is in when some pattern takes it and no later `!pattern` drops it. */
export function selectFiles(candidates: readonly string[], patterns: readonly string[]): string[] {
  return candidates.filter((file) => {
    let inside = false;
    for (const pattern of patterns) {
      if (pattern.startsWith('!')) {
        if (path.matchesGlob(file, pattern.slice(1))) inside = false;
      } else if (path.matchesGlob(file, pattern)) inside = true;
    }
    return inside;
  });
}

/** Production dependencies of the project, transitively (npm's flat node_modules). */
export function productionPackages(): string[] {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep);
  };
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(root.dependencies)) visit(dep);
  return [...seen].sort();
}

/**
 * Builds `<out>/resources/app.asar` from the project, with `builtDist` standing in for dist/ (the
 * test builds it into a temp dir, so the working tree is never touched).
 */
export async function assembleApp(out: string, builtDist: string): Promise<AssembledApp> {
  const config = builderConfig();
  const stage = path.join(out, 'stage');
  const sources = new Map<string, string>();
  for (const rel of walk(builtDist, 'dist/')) sources.set(rel, path.join(builtDist, rel.slice('dist/'.length)));
  for (const rel of walk(path.join(ROOT, 'bin'), 'bin/')) sources.set(rel, path.join(ROOT, rel));
  sources.set('package.json', path.join(ROOT, 'package.json'));
  const chosen = selectFiles([...sources.keys()], config.files);
  for (const rel of chosen) {
    mkdirSync(path.dirname(path.join(stage, rel)), { recursive: true });
    cpSync(sources.get(rel) as string, path.join(stage, rel));
  }
  for (const name of productionPackages())
    cpSync(path.join(ROOT, 'node_modules', name), path.join(stage, 'node_modules', name), { recursive: true });
  const resources = path.join(out, 'resources');
  mkdirSync(resources, { recursive: true });
  const asar = path.join(resources, 'app.asar');
  // asarUnpack, plus electron-builder's smart unpack of native addons.
  const unpack = `${stage}/{${[...config.asarUnpack, '**/*.node'].join(',')}}`;
  await createPackageWithOptions(stage, asar, { unpack });
  return { resources, asar, unpacked: `${asar}.unpacked`, files: walk(stage, '') };
}
