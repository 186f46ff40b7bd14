/**
 * The stand-in's reading of a `parse_mode: "HTML"` text, as the Bot API does it: only the documented
 * tags, the four named entities and numeric ones; anything else is "can't parse entities". The text
 * length limit counts what is left after parsing (https://core.telegram.org/bots/api#html-style and
 * #sendmessage: "1-4096 characters after entities parsing").
 */

/** Tags the Bot API's HTML style accepts (https://core.telegram.org/bots/api#html-style). */
const TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'a',
  'tg-emoji',
  'code',
  'pre',
  'blockquote',
]);

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** The visible text of an HTML-mode message, or an error naming what Telegram would refuse. */
export function parseHtmlText(html: string): { ok: true; text: string } | { ok: false; error: string } {
  const open: string[] = [];
  let text = '';
  let i = 0;
  while (i < html.length) {
    const ch = html[i]!;
    if (ch === '<') {
      const end = html.indexOf('>', i);
      if (end < 0) return { ok: false, error: `can't parse entities: unclosed start tag at byte offset ${i}` };
      const raw = html.slice(i + 1, end).trim();
      const closing = raw.startsWith('/');
      const name = (closing ? raw.slice(1) : raw).split(/\s/)[0]!.toLowerCase();
      if (!TAGS.has(name)) return { ok: false, error: `can't parse entities: unsupported start tag "${name}" at byte offset ${i}` };
      if (closing) {
        if (open.pop() !== name)
          return { ok: false, error: `can't parse entities: unmatched end tag at byte offset ${i}, expected "</${open.at(-1) ?? ''}>"` };
      } else open.push(name);
      i = end + 1;
      continue;
    }
    if (ch === '&') {
      const end = html.indexOf(';', i);
      const name = end < 0 ? '' : html.slice(i + 1, end);
      const numeric = /^#(\d+|x[0-9a-f]+)$/i.test(name);
      if (!numeric && !(name in NAMED)) return { ok: false, error: `can't parse entities: unsupported entity at byte offset ${i}` };
      text += numeric ? String.fromCodePoint(Number(name.startsWith('#x') ? `0x${name.slice(2)}` : name.slice(1))) : NAMED[name];
      i = end + 1;
      continue;
    }
    text += ch;
    i += 1;
  }
  if (open.length > 0) return { ok: false, error: `can't parse entities: can't find end tag corresponding to start tag "${open.at(-1)}"` };
  return { ok: true, text };
}
