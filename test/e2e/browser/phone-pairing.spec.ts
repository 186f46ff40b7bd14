/**
 * Pairing the phone from the settings view in the real UI, against a real `trailboss daemon` and the
 * stand-in Bot API (Telegram cannot be reached from here): paste the token, see the QR code (an image
 * the page's CSP allows), tap Start "on the phone", confirm the name and id, then unpair.
 */
import { BotApiStandIn, type TgUser } from '../../support/bot-api/stand-in.ts';
import { expect, test } from '../support/rig.ts';

const ADA: TgUser = { id: 4242, first_name: 'Ada', username: 'ada' };

test('pair from Settings: token → QR code and link → Start → confirm → paired; unpair asks first', async ({ page, rig, queue }) => {
  const tg = await BotApiStandIn.start();
  try {
    await queue.show('Settings');
    const panel = page.getByTestId('phone-pairing');
    await expect(panel.getByRole('status').first()).toContainText('Not paired.');
    await panel.getByLabel('Bot token').fill(tg.token);
    await panel.getByLabel('Bot API server (optional)').fill(tg.apiBase);
    await panel.getByRole('button', { name: 'Check token' }).click();

    const qr = panel.getByRole('img', { name: /^QR code for https:\/\/t\.me\/trailboss_test_bot\?start=/ });
    await expect(qr).toBeVisible();
    // The SVG decoded as an image (a CSP refusal or a bad data URL leaves it broken: width 0).
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const link = await panel.locator('code.selectable').textContent();
    expect(link).toMatch(/^https:\/\/t\.me\/trailboss_test_bot\?start=[A-Za-z0-9_-]{16}$/);
    // The token field is gone from the page once checked.
    await expect(panel.getByLabel('Bot token')).toHaveCount(0);

    tg.sendText(ADA, `/start ${link!.split('?start=')[1]}`);
    await expect(panel.getByText('Pair with Ada (@ada) (id 4242)?')).toBeVisible();
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.getByRole('status').first()).toContainText('Paired with Ada (@ada) through @trailboss_test_bot');
    const settings = await rig.call('settings:get', {});
    expect(settings.ok && settings.value.phone.paired).toBe(true);

    await panel.getByRole('button', { name: 'Unpair' }).click();
    await expect(panel.getByText(/^Unpair Ada \(@ada\)\?/)).toBeVisible();
    await panel.getByRole('button', { name: 'Yes, unpair' }).click();
    await expect(panel.getByRole('status').first()).toContainText('Not paired.');
    const { stdout, stderr } = rig.daemon.output();
    expect(stdout + stderr).not.toContain(tg.token.split(':')[1]);
  } finally {
    await tg.close();
  }
});
