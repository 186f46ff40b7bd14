/** electron-builder.yml and package.json as the packaging tests read them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';

export const ROOT = join(import.meta.dirname, '..', '..');

/** The parts of electron-builder.yml the tests look at (the schema test checks the whole). */
export interface BuilderConfig {
  readonly appId: string;
  readonly productName: string;
  readonly directories: { readonly output: string; readonly buildResources: string };
  readonly files: readonly string[];
  readonly asar: boolean;
  readonly asarUnpack: readonly string[];
  readonly electronFuses: Record<string, boolean>;
  readonly linux: {
    readonly target: readonly string[];
    readonly icon: string;
    readonly maintainer?: string;
    readonly executableName: string;
    readonly syncDesktopName?: boolean;
    readonly executableArgs?: readonly string[];
  };
  readonly mac: {
    readonly target: readonly string[];
    readonly icon: string;
    readonly entitlements: string;
    readonly entitlementsInherit: string;
    readonly extendInfo: Record<string, unknown>;
    readonly hardenedRuntime: boolean;
    readonly notarize: boolean;
  };
  readonly win?: unknown;
  readonly [key: string]: unknown;
}

/** The raw YAML document. */
export function builderConfigRaw(): unknown {
  return yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8'));
}

/** The config, typed. */
export function builderConfig(): BuilderConfig {
  return builderConfigRaw() as BuilderConfig;
}

/** package.json. */
export function packageJson(): {
  name: string;
  main: string;
  desktopName?: string;
  bin: Record<string, string>;
  homepage?: string;
  author?: { name?: string; email?: string };
  dependencies: Record<string, string>;
} {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as ReturnType<typeof packageJson>;
}
