/** Page object for the queue window: find items, act on them by click or key, read outcomes. */
import { expect, type Locator, type Page } from '@playwright/test';

export type ItemAction = 'approve' | 'deny' | 'reply' | 'jump' | 'skip' | 'snooze' | 'restart';
export type Outcome =
  'Confirmed' | 'Sent, not confirmed' | 'Prompt changed, nothing sent' | 'Gone, nothing sent' | 'Refused, nothing sent' | 'Failed';

/** The queue window of one page. */
export class QueuePage {
  constructor(readonly page: Page) {}

  /** Opens the UI at the URL `trailboss daemon --ui` printed (with `#token=…`) and waits for the queue to load. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByRole('heading', { name: /^Queue/ })).toBeVisible();
    await expect(this.page.getByText('Loading the queue…')).toHaveCount(0);
  }

  /** Every item row, in display order. */
  items(): Locator {
    return this.page.locator('article.item');
  }

  /** The row of the pane with this tmux target (`session:window.pane`). */
  item(target: string): Locator {
    return this.items().filter({ has: this.page.locator('.target', { hasText: new RegExp(`^${escape(target)}$`) }) });
  }

  /** The row of one item by its id (a pane can leave the queue and come back as a new item). */
  row(id: string): Locator {
    return this.page.locator(`article.item[data-item-id="${id}"]`);
  }

  /**
   * Waits until a row of this target shows `reason` ('Permission', 'Idle', 'Question') and returns
   * its item id.
   */
  async waitForItem(target: string, reason: string): Promise<string> {
    const row = this.item(target).filter({ has: this.page.locator('.reason', { hasText: new RegExp(`^${escape(reason)}$`) }) });
    await expect(row).toHaveCount(1);
    const id = await row.getAttribute('data-item-id');
    if (id === null) throw new Error(`row of ${target} has no data-item-id`);
    return id;
  }

  /** The waiting count in the heading ("2 waiting", "nothing waits"). */
  count(): Locator {
    return this.page.locator('#queue-title .count');
  }

  /** Targets in display order. */
  async targets(): Promise<string[]> {
    return this.items().locator('.target').allTextContents();
  }

  /** The approve button of an item (its text names the option it will choose). */
  approveButton(target: string): Locator {
    return this.item(target).locator('button[data-action="approve"]');
  }

  /** Clicks one action of an item. Snooze and reply open their popups; see `snooze` and `reply`. */
  async click(target: string, action: ItemAction): Promise<void> {
    if (action === 'restart') {
      await this.item(target).locator('button[data-action="restart"]').click();
      await this.item(target).locator('button[data-action="restart-confirm"]').click();
      return;
    }
    await this.item(target).locator(`button[data-action="${action}"]`).click();
  }

  /** Replies with text through the reply box. */
  async reply(target: string, text: string): Promise<void> {
    await this.click(target, 'reply');
    await this.item(target)
      .getByRole('textbox', { name: /^Reply to/ })
      .fill(text);
    await this.item(target).getByRole('button', { name: 'Send' }).click();
  }

  /** Snoozes for one of the offered durations ('15 min', '1 hour', '4 hours'). */
  async snooze(target: string, choice: string): Promise<void> {
    await this.click(target, 'snooze');
    await this.item(target).getByRole('group', { name: 'Snooze for' }).getByRole('button', { name: choice }).click();
  }

  /** Presses a queue key (j, k, a, d, r, s, z, Enter, Escape) with nothing text-like focused. */
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  /** The target of the selected row. */
  async selectedTarget(): Promise<string | null> {
    const selected = this.page.locator('article.item.selected .target');
    return (await selected.count()) === 0 ? null : selected.textContent();
  }

  /** Waits until an outcome for this target is shown (on its row, or in the status line once it left). */
  async expectOutcome(target: string, outcome: Outcome): Promise<void> {
    const onRow = this.item(target).locator('.outcome');
    const inStatus = this.page.locator('.recent .outcome', { hasText: target });
    await expect(onRow.or(inStatus).first()).toContainText(outcome);
  }

  /** Waits until the item left the queue. */
  async expectGone(target: string): Promise<void> {
    await expect(this.item(target)).toHaveCount(0);
  }

  /** The empty state. */
  emptyState(): Locator {
    return this.page.getByTestId('empty-queue');
  }

  /** Switches screens. */
  async show(view: 'Queue' | 'Settings' | 'Activity'): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: new RegExp(`^${view}`) })
      .click();
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
