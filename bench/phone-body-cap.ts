/**
 * `npx tsx bench/phone-body-cap.ts [--mb 500]`: what one oversized Bot API answer costs the engine's
 * client. The stand-in Bot API (Telegram cannot be reached here) answers getUpdates with `--mb` MB of
 * a JSON array, written as fast as the client reads; prints the call's outcome, its time, the peak RSS
 * (sampled every 5 ms; the stand-in shares the process) and how much the server got to write.
 */
import { parseArgs } from 'node:util';
import { BotApi } from '../main/engine/phone/bot-api.ts';
import { BotApiStandIn } from '../test/support/bot-api/stand-in.ts';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '500' } } });
const bytes = Number(values.mb) * 2 ** 20;
const tg = await BotApiStandIn.start();
const api = new BotApi({ apiBase: tg.apiBase, token: tg.token, requestTimeoutMs: 120_000 });
tg.fail('getUpdates', { kind: 'huge', bytes });
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const started = performance.now();
const outcome = await api.call('getUpdates', { timeout: 0 }).then(
  () => 'answered',
  (e: Error) => e.message,
);
const ms = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const mb = (n: number): string => `${(n / 2 ** 20).toFixed(0)} MB`;
process.stdout.write(
  `answer ${mb(bytes)}: ${outcome} in ${ms.toFixed(0)} ms; RSS ${mb(before)} → peak ${mb(peak)}; the server wrote ${mb(tg.hugeBytesWritten)}\n`,
);
await tg.close();
