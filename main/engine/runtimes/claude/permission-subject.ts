/** What a Claude permission prompt wants to touch (command, file, URL), read per tool from the prompt body. */
import type { PermissionBody } from './permission-body.ts';

/** The subject and whether it was read the way this tool's prompt is known to look. */
export interface SubjectReading {
  readonly subject: string;
  readonly certain: boolean;
}

/** Tool headers seen in real captures. Any other header is a shape we do not know. */
export const KNOWN_TOOLS = [
  'Bash command',
  'Edit file',
  'Create file',
  'Read file',
  'Fetch',
  'Network request outside of sandbox',
  // 2.1.332 Skill tool (a local skill): its subject is not read, so it is never approved by a key.
  'Use this skill?',
] as const;

function bash(body: PermissionBody): SubjectReading {
  if (body.box) return { subject: body.box.join('\n'), certain: body.box.length > 0 };
  // 2.1.197: command lines, then one description line. Only the two-line form is unambiguous: a
  // wrapped command and a wrapped description cannot be told apart in plain text.
  const loose = body.loose;
  return { subject: loose.slice(0, Math.max(1, loose.length - 1)).join('\n'), certain: loose.length === 2 };
}

function file(body: PermissionBody): SubjectReading {
  // The file name is the single line between header and content box.
  return { subject: body.before.join('\n'), certain: body.box !== null && body.before.length === 1 };
}

function read(body: PermissionBody): SubjectReading {
  const content = body.box ?? body.loose;
  const only = content.length === 1 ? (content[0] ?? '').trim() : null;
  if (only === null) return { subject: content.join('\n'), certain: false };
  const m = /^Read\((.+)\)$/.exec(only);
  return { subject: m?.[1] ?? only, certain: true };
}

function fetch(body: PermissionBody): SubjectReading {
  const content = body.box ?? body.loose;
  const at = content.findIndex((l) => /^\s*url:/.test(l));
  const line = content[at] ?? '';
  // 2.1.197: `url: "http://…", prompt: "…"` on one line.
  const quoted = /^\s*url:\s*"([^"]+)"/.exec(line);
  if (quoted?.[1]) return { subject: quoted[1], certain: true };
  // 2.1.329: `url: http://…` alone on its line(s) in the box, wrapped at the pane width, then `prompt: …`.
  const bare = /^\s*url:\s*(\S+)$/.exec(line);
  if (bare?.[1]) {
    const rest = content.slice(at + 1);
    const end = rest.findIndex((l) => /^\s*prompt:/.test(l));
    const wrapped = (end < 0 ? rest : rest.slice(0, end)).map((l) => l.trim()).join('');
    return { subject: bare[1] + wrapped, certain: end >= 0 || rest.length === 0 };
  }
  return { subject: content.join('\n'), certain: false };
}

/** 2.1.332 sandbox network request: `Host: example.com`, the one line above the question. */
function host(body: PermissionBody): SubjectReading {
  const content = body.box ?? body.loose;
  const m = content.length === 1 ? /^Host:\s+(\S+)$/.exec((content[0] ?? '').trim()) : null;
  return m?.[1] ? { subject: m[1], certain: true } : { subject: content.join('\n'), certain: false };
}

/** Read the subject for the prompt's tool header; unknown tools get their content, never certainty. */
export function readSubject(tool: string | null, body: PermissionBody): SubjectReading {
  switch (tool) {
    case 'Bash command':
      return bash(body);
    case 'Edit file':
    case 'Create file':
      return file(body);
    case 'Read file':
      return read(body);
    case 'Fetch':
      return fetch(body);
    case 'Network request outside of sandbox':
      return host(body);
    default: {
      const content = body.box ?? body.loose;
      return { subject: content.join('\n'), certain: false };
    }
  }
}
