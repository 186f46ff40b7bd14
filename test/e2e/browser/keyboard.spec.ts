/** The queue window driven by the keyboard alone: j/k move, s skips, a approves, d denies, r replies. */
import { claudeIdleWorking, claudePermBash, codexExecApproval, opencodeBashApproval } from '../../support/scenarios/index.ts';
import type { QueuePage } from '../support/queue-page.ts';
import { expect, targetOf, test } from '../support/rig.ts';

/** The selected row's item id. */
async function selectedId(queue: QueuePage): Promise<string | null> {
  return queue.page.locator('article.item.selected').getAttribute('data-item-id');
}

/** Moves the selection with `g` then `j` (never the mouse) onto item `id`. */
async function selectWithKeys(queue: QueuePage, id: string): Promise<void> {
  await queue.press('g');
  const order = await queue.items().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')));
  const at = order.indexOf(id);
  expect(at, `item ${id} in ${order.join(', ')}`).toBeGreaterThanOrEqual(0);
  await expect.poll(() => selectedId(queue)).toBe(order[0]);
  for (let i = 1; i <= at; i++) {
    await queue.press('j');
    await expect.poll(() => selectedId(queue)).toBe(order[i]);
  }
}

test('keyboard flow: j/k move, s skips, a approves, d denies, r replies — each agent gets exactly its key', async ({ rig, queue }) => {
  const claude = await rig.agent(claudePermBash(), 'api-worker');
  const codex = await rig.agent(codexExecApproval(), 'codex-job');
  const opencode = await rig.agent(opencodeBashApproval(), 'oc-job');
  const idle = await rig.agent(claudeIdleWorking(), 'idle-worker');
  const claudeId = await queue.waitForItem(targetOf('api-worker'), 'Permission');
  const codexId = await queue.waitForItem(targetOf('codex-job'), 'Permission');
  const opencodeId = await queue.waitForItem(targetOf('oc-job'), 'Permission');
  const idleId = await queue.waitForItem(targetOf('idle-worker'), 'Idle');
  await expect(queue.count()).toHaveText('4 waiting');

  // j / k
  const order = (await queue.items().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')))) as string[];
  await queue.press('g');
  await expect.poll(() => selectedId(queue)).toBe(order[0]);
  await queue.press('j');
  await expect.poll(() => selectedId(queue)).toBe(order[1]);
  await queue.press('j');
  await expect.poll(() => selectedId(queue)).toBe(order[2]);
  await queue.press('k');
  await expect.poll(() => selectedId(queue)).toBe(order[1]);

  // s: the selected item goes to the tail.
  await selectWithKeys(queue, opencodeId);
  await queue.press('s');
  await expect
    .poll(async () => (await queue.items().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')))).at(-1))
    .toBe(opencodeId);
  await queue.expectOutcome(targetOf('oc-job'), 'Confirmed');

  // a: approve the Claude prompt.
  await selectWithKeys(queue, claudeId);
  await queue.press('a');
  await claude.waitForState('approved');
  await expect(queue.row(claudeId)).toHaveCount(0);

  // d: deny the Codex prompt.
  await selectWithKeys(queue, codexId);
  await queue.press('d');
  await codex.waitForState('denied');
  await expect(queue.row(codexId)).toHaveCount(0);

  // r: reply to the idle agent; the box takes focus, Enter sends.
  await selectWithKeys(queue, idleId);
  await queue.press('r');
  await expect(queue.row(idleId).getByRole('textbox', { name: /^Reply to/ })).toBeFocused();
  await queue.page.keyboard.type('keep going');
  await queue.press('Enter');
  await idle.waitForState('working-1');
  await expect(queue.row(idleId)).toHaveCount(0);

  expect(await claude.keyNames()).toEqual(['1']);
  expect(await codex.keyNames()).toEqual(['3']);
  expect(await opencode.keyNames()).toEqual([]);
  expect((await idle.submissions()).map((s) => s.text)).toEqual(['keep going']);
  // The skipped opencode prompt still waits.
  await expect(queue.row(opencodeId)).toHaveCount(1);
});
