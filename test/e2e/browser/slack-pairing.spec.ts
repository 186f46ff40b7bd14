/**
 * Pairing Slack from the settings view in the real UI, against a real `trailboss daemon` and the Slack
 * stand-in (Slack cannot be reached from here): paste both tokens, DM the bot the code shown, confirm
 * the name and id, send a test message, then unpair. No token stays in the page or reaches the output.
 */
import { SlackStandIn } from '../../support/slack-api/stand-in.ts';
import { expect, test } from '../support/rig.ts';

test('pair Slack from Settings: tokens → the code → DM → confirm → paired; test message; unpair asks first', async ({
  page,
  rig,
  queue,
}) => {
  const slack = await SlackStandIn.start();
  const ada = slack.addUser('U0ADA', 'Ada Lovelace', 'ada');
  try {
    await queue.show('Settings');
    const panel = page.getByTestId('slack-pairing');
    await expect(panel.getByRole('status').first()).toContainText('Not paired.');
    await panel.getByLabel('Bot token (xoxb-…)').fill(slack.botToken);
    await panel.getByLabel('App-level token (xapp-…)').fill(slack.appToken);
    await panel.getByLabel('Web API base (optional)').fill(slack.apiBase);
    await panel.getByRole('button', { name: 'Check tokens' }).click();

    const code = panel.getByTestId('slack-code');
    await expect(code).toHaveText(/^[A-Za-z0-9_-]{16}$/);
    await expect(panel.getByText('send @trailboss a direct message with this code')).toBeVisible();
    // The token fields are gone from the page once checked.
    await expect(panel.getByLabel('Bot token (xoxb-…)')).toHaveCount(0);

    slack.dm(ada, (await code.textContent())!);
    await expect(panel.getByText('Pair with Ada Lovelace (U0ADA)?')).toBeVisible();
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.getByRole('status').first()).toContainText('Paired with Ada Lovelace (U0ADA) through @trailboss');
    const status = await rig.call('slack:status', {});
    expect(status.ok && status.value.paired).toBe(true);

    await panel.getByRole('button', { name: 'Send a test message' }).click();
    await expect(panel.getByText(/Test message sent/)).toBeVisible();
    expect(slack.botMessages(slack.dmChannel(ada.id)).some((m) => /Trail Boss test message/.test(m.text))).toBe(true);

    await panel.getByRole('button', { name: 'Unpair' }).click();
    await expect(panel.getByText(/^Unpair Ada Lovelace\?/)).toBeVisible();
    await panel.getByRole('button', { name: 'Yes, unpair' }).click();
    await expect(panel.getByRole('status').first()).toContainText('Not paired.');
    expect(await page.content()).not.toContain(slack.botToken);
    const { stdout, stderr } = rig.daemon.output();
    expect(stdout + stderr).not.toContain(slack.botToken);
    expect(stdout + stderr).not.toContain(slack.appToken);
  } finally {
    await slack.close();
  }
});
