/**
 * electron-builder.yml, checked the way electron-builder would check it before packaging: against
 * its own JSON schema (app-builder-lib/scheme.json), plus the metadata each target needs and that
 * the schema cannot know about (a .deb without maintainer e-mail or homepage fails to build).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIcons } from '../../scripts/build-icons.ts';
import {
  BUNDLED_CLI,
  FORWARDER_SCRIPT,
  LAUNCHER_SCRIPT,
  OPENCODE_PLUGIN_SCRIPT,
  STATUS_SCRIPT,
} from '../../main/engine/hooks/runtime-layout.ts';
import { builderConfig, builderConfigRaw, packageJson, ROOT } from './builder-config.ts';

const SCHEMA = join(ROOT, 'node_modules', 'app-builder-lib', 'scheme.json');
const out = mkdtempSync(join(tmpdir(), 'tb-builder-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('electron-builder.yml', () => {
  it('is valid against electron-builder’s own schema', () => {
    const schema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    // electron-builder validates with ajv-keywords' `typeof` (for hook functions); a YAML file never holds one.
    ajv.addKeyword({ keyword: 'typeof', validate: (type: string, data: unknown) => typeof data === type });
    const validate = ajv.compile(schema);
    const ok = validate(builderConfigRaw());
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('has the app id, product name and, in package.json, what the .deb needs (maintainer e-mail, homepage)', () => {
    const config = builderConfig();
    const pkg = packageJson();
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/);
    expect(config.productName).toBe('Trail Boss');
    expect(pkg.author?.email ?? config.linux.maintainer ?? '').toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
  });

  it('names the desktop file after the app id, so Wayland’s shortcut portal finds the app', () => {
    const config = builderConfig();
    expect(packageJson().desktopName).toBe(`${config.appId}.desktop`);
    expect(config.linux.syncDesktopName).toBe(true);
  });

  it('has icons for every target, and they exist once built', () => {
    const config = builderConfig();
    buildIcons(out);
    const resources = (file: string) => join(out, file);
    expect(existsSync(resources(join(config.linux.icon, '512x512.png')))).toBe(true);
    expect(existsSync(resources(join(config.linux.icon, '16x16.png')))).toBe(true);
    expect(existsSync(resources(config.mac.icon))).toBe(true);
    // A PNG of 1024 px (electron-builder makes the icns from it).
    const png = readFileSync(resources(config.mac.icon));
    expect(png.readUInt32BE(16)).toBe(1024);
  });

  it('names the Linux app’s executable apart from the CLI: the .deb links /usr/bin/<executableName> to the app', () => {
    const executable = builderConfig().linux.executableName;
    // electron-builder's .deb post-install script, as installed: it links /usr/bin/${executable} to the app.
    const afterInstall = readFileSync(join(ROOT, 'node_modules', 'app-builder-lib', 'templates', 'linux', 'after-install.tpl'), 'utf8');
    expect(afterInstall).toContain("'/usr/bin/${executable}'");
    expect(executable).toMatch(/^[a-z][a-z0-9-]*$/);
    // `trailboss` is the CLI (package.json bin): a shortcut bound to `trailboss jump` must not start the app.
    expect(Object.keys(packageJson().bin)).toContain('trailboss');
    expect(Object.keys(packageJson().bin)).not.toContain(executable);
  });

  it('builds only Linux and macOS: Windows is dropped until tmux is reached through WSL', () => {
    const config = builderConfig();
    expect(config.win).toBeUndefined();
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it('builds the AppImage with the static runtime (no libfuse2, which Ubuntu 24.04 lacks), a version this electron-builder can fetch', async () => {
    const toolsets = builderConfigRaw() as { toolsets?: { appimage?: string | null } };
    const version = toolsets.toolsets?.appimage ?? '0.0.0';
    // "0.0.0" (the default) is the legacy FUSE 2 runtime; every other version is the static one.
    expect(version).not.toBe('0.0.0');
    const linuxToolsets = (await import(join(ROOT, 'node_modules', 'app-builder-lib', 'out', 'toolsets', 'linux.js'))) as {
      appimageChecksums: Record<string, unknown>;
    };
    expect(Object.keys(linuxToolsets.appimageChecksums)).toContain(version);
  });

  it('macOS: hardened runtime, notarization, the Apple-events entitlement and its usage string, menu-bar only', () => {
    const mac = builderConfig().mac;
    expect(mac.hardenedRuntime).toBe(true);
    expect(mac.notarize).toBe(true);
    const entitlements = readFileSync(join(ROOT, mac.entitlements), 'utf8');
    expect(entitlements).toContain('<key>com.apple.security.automation.apple-events</key>');
    expect(entitlements).toContain('<key>com.apple.security.cs.allow-jit</key>');
    expect(mac.entitlementsInherit).toBe(mac.entitlements);
    expect(String(mac.extendInfo['NSAppleEventsUsageDescription'])).toMatch(/terminal/);
    expect(mac.extendInfo['LSUIElement']).toBe(true);
  });

  it('sets the fuses: run-as-node kept only because the hooks need it; no NODE_OPTIONS, no --inspect, asar only', () => {
    const fuses = builderConfig().electronFuses;
    expect(fuses).toMatchObject({
      runAsNode: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('re-signs macOS ad hoc right after flipping the fuses, so an unsigned arm64 build is not killed at launch', () => {
    // electron-builder 26 signs after the flip only with an identity; @electron/fuses re-signs ad hoc
    // (`codesign --sign - --force`) when this is set. The option must be one the schema knows.
    const fuses = builderConfig().electronFuses;
    expect(fuses['resetAdHocDarwinSignature']).toBe(true);
    const schema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as { definitions: Record<string, { properties: object }> };
    expect(Object.keys(schema.definitions['FuseOptionsV1']?.properties ?? {})).toContain('resetAdHocDarwinSignature');
  });

  it('unpacks exactly what the hook commands and tmux run and the opencode plugin install copies, and never ships --no-sandbox', () => {
    const config = builderConfig();
    expect([...config.asarUnpack].sort()).toEqual(
      [
        FORWARDER_SCRIPT,
        OPENCODE_PLUGIN_SCRIPT,
        LAUNCHER_SCRIPT,
        'bin/trailboss-tmux-status.mjs',
        STATUS_SCRIPT,
        `${BUNDLED_CLI.split('/').slice(0, -1).join('/')}/**`,
        'node_modules/better-sqlite3/**',
      ].sort(),
    );
    expect(JSON.stringify(builderConfigRaw())).not.toContain('no-sandbox');
  });

  it('ships as runtime dependencies only what the bundles do not contain', () => {
    expect(Object.keys(packageJson().dependencies)).toEqual(['better-sqlite3']);
  });
});
