/** Skip and Snooze from the real queue window: they reorder or hide an item and never type into a pane. */
import { claudePermBash, codexExecApproval } from '../../support/scenarios/index.ts';
import { expect, targetOf, test } from '../support/rig.ts';

test('Skip moves the head item to the tail; no key reaches either agent', async ({ rig, queue }) => {
  const claude = await rig.agent(claudePermBash(), 'api-worker');
  const codex = await rig.agent(codexExecApproval(), 'codex-job');
  await queue.waitForItem(targetOf('api-worker'), 'Permission');
  await queue.waitForItem(targetOf('codex-job'), 'Permission');
  await expect(queue.count()).toHaveText('2 waiting');
  const [head, second] = (await queue.targets()) as [string, string];

  await queue.click(head, 'skip');
  await expect.poll(() => queue.targets()).toEqual([second, head]);
  await queue.expectOutcome(head, 'Confirmed');
  await expect(queue.count()).toHaveText('2 waiting');
  expect(await claude.keyNames()).toEqual([]);
  expect(await codex.keyNames()).toEqual([]);
});

test('Snooze hides the item (the waiting count drops, its row goes); the agent still waits and gets no key', async ({ rig, queue }) => {
  const claude = await rig.agent(claudePermBash(), 'api-worker');
  const codex = await rig.agent(codexExecApproval(), 'codex-job');
  await queue.waitForItem(targetOf('api-worker'), 'Permission');
  await queue.waitForItem(targetOf('codex-job'), 'Permission');
  await expect(queue.count()).toHaveText('2 waiting');
  const [head, second] = (await queue.targets()) as [string, string];

  await queue.snooze(head, '15 min');
  await expect(queue.count()).toHaveText('1 waiting');
  // The engine leaves snoozed items out of the queue it serves, so the row goes until the snooze ends.
  await expect.poll(() => queue.targets()).toEqual([second]);
  await queue.expectOutcome(head, 'Confirmed');
  // Hidden, not answered: the agent still shows its prompt.
  const agents = await rig.call('agents:list', {});
  expect(agents.ok && agents.value.find((a) => a.target === head)?.state).toBe('permission');
  expect(await claude.keyNames()).toEqual([]);
  expect(await codex.keyNames()).toEqual([]);
});
