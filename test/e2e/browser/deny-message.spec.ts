/**
 * "Deny and tell the agent…" from the real queue window against a real daemon: the second form of Deny
 * opens a text box; Escape closes it and sends nothing; Enter denies through the prompt's own field
 * (Claude: Down to `4. No`, Tab, the text, Enter) and the agent receives exactly the text.
 */
import { claudeDenyFieldPrompt } from '../../support/scenarios/index.ts';
import { expect, targetOf, test } from '../support/rig.ts';

test('Deny and tell the agent…: Escape cancels, Enter sends the text into Claude’s “No” field', async ({ rig, queue }) => {
  const agent = await rig.agent(claudeDenyFieldPrompt(), 'api-worker');
  const target = targetOf('api-worker');
  const id = await queue.waitForItem(target, 'Permission');
  const open = queue.row(id).locator('button[data-action="deny-message"]');
  await expect(open).toHaveText('Deny and tell the agent…');

  // Escape closes the box; nothing reaches the agent.
  await open.click();
  const box = queue.row(id).locator('form[data-form="deny-message"] textarea');
  await expect(box).toBeFocused();
  await box.fill('never sent');
  await box.press('Escape');
  await expect(box).toHaveCount(0);
  expect(await agent.keyNames()).toEqual([]);

  // Enter denies with the message (digits and `y` in it are text, never an option).
  await open.click();
  await expect(box).toBeFocused();
  await box.fill('use pnpm 4 y instead');
  await box.press('Enter');
  await agent.waitForState('denied-with-message');
  await expect(queue.row(id)).toHaveCount(0);
  await queue.expectOutcome(target, 'Confirmed');
  expect((await agent.submissions()).map((s) => s.text)).toEqual(['use pnpm 4 y instead']);
  expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
});
