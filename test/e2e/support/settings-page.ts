/** Page object for the settings screen. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The settings screen of one page. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  /** A field by its visible label. */
  field(label: string | RegExp): Locator {
    return this.page.getByLabel(label, { exact: typeof label === 'string' });
  }

  /** Replaces a text field's value. */
  async fill(label: string | RegExp, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  /** Clicks Save and waits until saving finished. */
  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByRole('button', { name: 'Saving…' })).toHaveCount(0);
  }

  /** The validation messages shown next to a field. */
  issuesOf(label: string | RegExp): Locator {
    return this.page.locator('.field', { has: this.field(label) }).locator('.field-issues li');
  }

  /** The hooks status text (Installed / Partly installed / Not installed). */
  hooksState(): Locator {
    return this.page.getByTestId('hooks-state');
  }
}
