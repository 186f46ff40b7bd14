/**
 * Approve from the real queue window: the agent's prompt shows up with its subject and a button
 * naming the exact single-use option; one click sends exactly that option's key, once.
 */
import { claudePermBash, codexExecApproval, opencodeBashApproval } from '../../support/scenarios/index.ts';
import { expect, targetOf, test } from '../support/rig.ts';

test('Claude Bash prompt: Approve sends exactly `1`, the item leaves, Confirmed is shown', async ({ rig, queue }) => {
  await expect(queue.emptyState()).toBeVisible();
  const agent = await rig.agent(claudePermBash(), 'api-worker');
  const target = targetOf('api-worker');

  const id = await queue.waitForItem(target, 'Permission');
  const row = queue.row(id);
  await expect(row.locator('.runtime')).toHaveText('Claude Code');
  await expect(row.locator('.subject')).toHaveText('Bash command: ls -la /tmp');
  await expect(row.locator('.question')).toHaveText('Do you want to proceed?');
  await expect(row.locator('button[data-action="approve"]')).toHaveText('Approve: “Yes”');

  await row.locator('button[data-action="approve"]').click();
  await agent.waitForState('approved');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect(await agent.keyNames()).toEqual(['1']);
});

test('Codex exec approval: Approve names “Yes, proceed (y)” and sends exactly `1`', async ({ rig, queue }) => {
  const agent = await rig.agent(codexExecApproval(), 'codex-job');
  const target = targetOf('codex-job');

  const id = await queue.waitForItem(target, 'Permission');
  const row = queue.row(id);
  await expect(row.locator('.runtime')).toHaveText('Codex');
  await expect(row.locator('.subject code')).toHaveText('touch lab-approve-1.txt');
  await expect(row.locator('button[data-action="approve"]')).toHaveText('Approve: “Yes, proceed (y)”');

  await row.locator('button[data-action="approve"]').click();
  await agent.waitForState('approved');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect(await agent.keyNames()).toEqual(['1']);
});

test('opencode: Approve presses Enter while “Allow once” is highlighted', async ({ rig, queue }) => {
  const agent = await rig.agent(opencodeBashApproval(), 'oc-job');
  const target = targetOf('oc-job');

  const id = await queue.waitForItem(target, 'Permission');
  const row = queue.row(id);
  await expect(row.locator('.runtime')).toHaveText('opencode');
  await expect(row.locator('.subject code')).toHaveText('touch lab-allow-once.txt');
  await expect(row.locator('button[data-action="approve"]')).toHaveText('Approve: “Allow once”');

  await row.locator('button[data-action="approve"]').click();
  await agent.waitForState('allowed-once');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect(await agent.keyNames()).toEqual(['Enter']);
});

test('opencode: with the highlight moved to “Allow always”, Approve is not offered and nothing is sent', async ({ rig, queue }) => {
  const agent = await rig.agent(opencodeBashApproval(), 'oc-job');
  const target = targetOf('oc-job');
  await queue.waitForItem(target, 'Permission');
  await expect(queue.approveButton(target)).toHaveText('Approve: “Allow once”');

  // Someone at the terminal moves the highlight: Enter would now allow always.
  await agent.send('Right');
  await agent.waitForState('prompt-always');
  await expect(queue.approveButton(target)).toBeDisabled();
  await expect(queue.approveButton(target)).toHaveText('Approve');
  await expect(queue.item(target).locator('.hint')).toContainText('Approve unavailable');

  // The `a` key on the selected item asks nothing of the engine: skip (`s`) is the barrier, its
  // request leaves after any approve request the `a` could have made.
  const calls: string[] = [];
  queue.page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await queue.item(target).locator('.subject').click();
  await queue.press('a');
  await queue.press('s');
  await queue.expectOutcome(target, 'Confirmed');
  expect(calls.filter((c) => c.startsWith('/api/item:'))).toEqual(['/api/item:skip']);

  // And the engine itself refuses an approve of the prompt as it is now.
  const listed = await rig.call('queue:list', {});
  const item = listed.ok ? listed.value.find((i) => i.target === target) : undefined;
  expect(item?.approveLabel).toBeNull();
  const answer = await rig.call('item:approve', { id: item?.id ?? '', fingerprint: item?.fingerprint ?? '' });
  expect(answer).toMatchObject({ ok: true, value: { outcome: 'refused' } });
  expect(await agent.keyNames()).toEqual(['Right']);
  expect(await agent.currentState()).toBe('prompt-always');
});
