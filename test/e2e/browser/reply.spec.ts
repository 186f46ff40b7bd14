/** Reply from the real queue window: text reaches an idle agent's input prompt, and never a permission prompt. */
import { claudeIdleWorking, claudePermBash } from '../../support/scenarios/index.ts';
import { expect, targetOf, test } from '../support/rig.ts';

test('Reply to an idle Claude types the text and submits it once', async ({ rig, queue }) => {
  const agent = await rig.agent(claudeIdleWorking(), 'idle-worker');
  const target = targetOf('idle-worker');
  const id = await queue.waitForItem(target, 'Idle');
  // Only what can be done: Reply comes first, and no Approve or Deny is offered to an idle agent.
  await expect(queue.row(id).locator('.row-actions button').first()).toHaveAttribute('data-action', 'reply');
  await expect(queue.row(id).locator('button[data-action="approve"], button[data-action="deny"]')).toHaveCount(0);
  // The tail starts at its first line with text, not the blank screen above the idle prompt.
  await expect(queue.row(id).locator('.tail-line').first()).not.toHaveText(/^\s*$/);

  await queue.reply(target, 'run the tests again, then stop');
  await agent.waitForState('working-1');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect((await agent.submissions()).map((s) => s.text)).toEqual(['run the tests again, then stop']);
});

test('At a permission prompt Reply is not offered, the engine refuses it, and the agent receives nothing', async ({ rig, queue }) => {
  const agent = await rig.agent(claudePermBash(), 'api-worker');
  const target = targetOf('api-worker');
  const id = await queue.waitForItem(target, 'Permission');
  await expect(queue.row(id).locator('button[data-action="reply"]')).toHaveCount(0);
  await expect(queue.row(id).locator('.row-actions button').first()).toHaveAttribute('data-action', 'approve');

  // `r` opens no reply box on this item. `s` is the barrier: once its outcome shows, the `r` before
  // it was handled (had `r` opened the box, `s` would have gone into it and no skip would show).
  await queue.row(id).locator('.subject').click();
  await queue.press('r');
  await queue.press('s');
  await queue.expectOutcome(target, 'Confirmed');
  await expect(queue.row(id).getByRole('textbox')).toHaveCount(0);

  // Asked directly (as a stale page or another client could), the engine types nothing.
  const answer = await rig.call('item:reply', { id, text: 'continue' });
  expect(answer).toMatchObject({ ok: true, value: { outcome: 'refused' } });
  await expect(queue.row(id)).toHaveCount(1);
  expect(await agent.keyNames()).toEqual([]);
  expect(await agent.currentState()).toBe('prompt');
});
