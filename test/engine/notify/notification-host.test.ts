import { describe, expect, it } from 'vitest';
import { itemNotificationText } from '../../../main/engine/notify/notification-text.ts';
import { queueItem as item } from '../../support/queue-items.ts';

describe('notifications of agents on other hosts', () => {
  it('name the host, and say when it cannot be reached', () => {
    expect(itemNotificationText(item({ host: 'gpu' }), 0).body).toMatch(/\ngpu: api-worker:1\.0 · claude$/);
    expect(itemNotificationText(item({ host: 'gpu', unreachable: 'host gpu unreachable since …' }), 0).body).toMatch(
      /\ngpu: api-worker:1\.0 · claude · host unreachable$/,
    );
    expect(itemNotificationText(item(), 0).body).toMatch(/\napi-worker:1\.0 · claude$/);
  });
});
