/** The queue filter in the real window: prompts only hides idle agents, and the choice survives a reload. */
import { claudeIdleWorking, claudePermBash } from '../../support/scenarios/index.ts';
import { expect, targetOf, test } from '../support/rig.ts';

test('Prompts only hides the idle agent, says so, and is remembered across a reload', async ({ rig, queue }) => {
  await rig.agent(claudeIdleWorking(), 'idle-worker');
  await rig.agent(claudePermBash(), 'api-worker');
  await queue.waitForItem(targetOf('idle-worker'), 'Idle');
  await queue.waitForItem(targetOf('api-worker'), 'Permission');
  const page = queue.page;

  await page.locator('button[data-filter="prompts"]').click();
  await expect(page.locator('button[data-filter="prompts"]')).toHaveAttribute('aria-checked', 'true');
  expect(await queue.targets()).toEqual([targetOf('api-worker')]);
  await expect(page.getByTestId('filter-hidden')).toHaveText('1 other hidden');
  // The heading still counts every waiting agent.
  await expect(queue.count()).toHaveText('2 waiting');

  await page.reload();
  await expect(page.getByText('Loading the queue…')).toHaveCount(0);
  await expect(page.locator('button[data-filter="prompts"]')).toHaveAttribute('aria-checked', 'true');
  await expect(queue.items()).toHaveCount(1);

  await page.locator('button[data-filter="all"]').click();
  await expect(queue.items()).toHaveCount(2);
  await expect(page.getByTestId('filter-hidden')).toHaveCount(0);
});
