/** Deny from the real queue window: one click sends the runtime's "no" and never a yes. */
import { claudePermBash, codexExecApproval, opencodeBashApproval } from '../../support/scenarios/index.ts';
import { expect, targetOf, test } from '../support/rig.ts';

test('Claude Bash prompt: Deny names “No” and sends exactly `4`', async ({ rig, queue }) => {
  const agent = await rig.agent(claudePermBash(), 'api-worker');
  const target = targetOf('api-worker');
  const id = await queue.waitForItem(target, 'Permission');
  const deny = queue.row(id).locator('button[data-action="deny"]');
  await expect(deny).toHaveText('Deny: “No”');

  await deny.click();
  await agent.waitForState('denied');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect(await agent.keyNames()).toEqual(['4']);
});

test('Codex exec approval: Deny names the “No” option and sends exactly `3`', async ({ rig, queue }) => {
  const agent = await rig.agent(codexExecApproval(), 'codex-job');
  const target = targetOf('codex-job');
  const id = await queue.waitForItem(target, 'Permission');
  const deny = queue.row(id).locator('button[data-action="deny"]');
  await expect(deny).toHaveText('Deny: “No, and tell Codex what to do differently (esc)”');

  await deny.click();
  await agent.waitForState('denied');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect(await agent.keyNames()).toEqual(['3']);
});

test('opencode: Deny presses Escape (never Enter, whatever is highlighted)', async ({ rig, queue }) => {
  const agent = await rig.agent(opencodeBashApproval(), 'oc-job');
  const target = targetOf('oc-job');
  const id = await queue.waitForItem(target, 'Permission');
  const deny = queue.row(id).locator('button[data-action="deny"]');
  await expect(deny).toHaveText('Deny: “Esc”');

  await deny.click();
  await agent.waitForState('rejected-esc');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect(await agent.keyNames()).toEqual(['Escape']);
});
