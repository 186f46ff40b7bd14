import { describe, expect, it } from 'vitest';
import { itemNotificationText } from '../../../main/shell/notifications/notification-text.ts';
import { item } from '../support/items.ts';

describe('notifications of agents on other hosts', () => {
  it('name the host, and say when it cannot be reached', () => {
    expect(itemNotificationText(item({ host: 'gpu' }), 0).body).toMatch(/\ngpu: api-worker:1\.0$/);
    expect(itemNotificationText(item({ host: 'gpu', unreachable: 'host gpu unreachable since …' }), 0).body).toMatch(/gpu: api-worker:1\.0 · host unreachable$/);
    expect(itemNotificationText(item(), 0).body).toMatch(/\napi-worker:1\.0$/);
  });
});
