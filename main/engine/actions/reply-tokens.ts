/** CLI reply tokens: exact words that mean approve or deny; anything else is refused with the list. */

const APPROVE = ['y', 'yes', 'approve', 'a'] as const;
const DENY = ['n', 'no', 'deny', 'd'] as const;

export type ReplyToken = { readonly kind: 'approve' } | { readonly kind: 'deny' } | { readonly kind: 'refused'; readonly message: string };

/** Exact match after trim and lower-case. "yes please", "yy", "ok" are refused. */
export function parseReplyToken(input: string): ReplyToken {
  const word = input.trim().toLowerCase();
  if ((APPROVE as readonly string[]).includes(word)) return { kind: 'approve' };
  if ((DENY as readonly string[]).includes(word)) return { kind: 'deny' };
  return { kind: 'refused', message: `'${input.trim()}' is not an answer: use one of ${[...APPROVE, ...DENY].join(', ')}` };
}
