/**
 * Screenshots of the real queue window against the real daemon — light and dark, empty and with
 * items — saved under test-results/ui/ for a human to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { claudeIdleWorking, claudePermBash, codexExecApproval, opencodeBashApproval } from '../../support/scenarios/index.ts';
import { ROOT } from '../support/daemon.ts';
import { expect, targetOf, test } from '../support/rig.ts';

const SHOTS = join(ROOT, 'test-results', 'ui');
const SCHEMES = ['light', 'dark'] as const;

/** Switches the OS colour scheme and waits two frames, so every tile (below the fold too) is repainted. */
async function scheme(page: Page, colorScheme: (typeof SCHEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

test('screenshots: queue window light and dark, empty, with items, after an approve; activity and settings', async ({ rig, queue }) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = queue.page;
  // The theme follows the OS: the page's background must differ between the schemes.
  const backgrounds: string[] = [];
  for (const colorScheme of SCHEMES) {
    await scheme(page, colorScheme);
    await expect(queue.emptyState()).toBeVisible();
    backgrounds.push(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    await page.screenshot({ path: join(SHOTS, `queue-empty-${colorScheme}.png`), fullPage: true });
  }
  expect(backgrounds[0]).not.toBe(backgrounds[1]);

  await rig.agent(claudePermBash(), 'api-worker');
  await rig.agent(codexExecApproval(), 'codex-job');
  await rig.agent(opencodeBashApproval(), 'oc-job');
  await rig.agent(claudeIdleWorking(), 'idle-worker');
  await queue.waitForItem(targetOf('api-worker'), 'Permission');
  await queue.waitForItem(targetOf('codex-job'), 'Permission');
  await queue.waitForItem(targetOf('oc-job'), 'Permission');
  await queue.waitForItem(targetOf('idle-worker'), 'Idle');
  for (const colorScheme of SCHEMES) {
    await scheme(page, colorScheme);
    await page.screenshot({ path: join(SHOTS, `queue-items-${colorScheme}.png`), fullPage: true });
    await page.screenshot({ path: join(SHOTS, `queue-items-${colorScheme}-viewport.png`) });
  }

  // After an approve: the outcome line, and the audit log and settings served by the real engine.
  await queue.click(targetOf('api-worker'), 'approve');
  await queue.expectOutcome(targetOf('api-worker'), 'Confirmed');
  for (const colorScheme of SCHEMES) {
    await scheme(page, colorScheme);
    await queue.show('Queue');
    await page.screenshot({ path: join(SHOTS, `queue-after-approve-${colorScheme}.png`) });
    await queue.show('Activity');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('table').getByText(targetOf('api-worker')).first()).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `activity-${colorScheme}.png`), fullPage: true });
    await queue.show('Settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByTestId('hooks-state')).toHaveText('Not installed');
    // The viewport only: a full-page capture paints the sticky Save bar mid-page.
    await page.screenshot({ path: join(SHOTS, `settings-${colorScheme}.png`) });
  }
});
