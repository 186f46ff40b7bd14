// trailboss:opencode-plugin
// Trail Boss's opencode plugin: forwards the few bus events that say whether this opencode is blocked
// on a permission or idle (permission.asked, permission.replied, session.status) to the running Trail
// Boss engine over loopback, with the tmux pane it runs in, the way bin/trailboss-hook.mjs does for
// Claude Code and Codex. It must never break or slow opencode: every error is swallowed, the handler
// returns at once (posts go out in order behind it, each capped at 300 ms), no engine means nothing
// is sent. Plain JS, built-ins only. `trailboss hooks install --runtime opencode` copies this file into
// opencode's plugin directory with ENDPOINT_FILE filled in; the first line marks the copy as ours.
// Envelope fields: main/engine/hooks/hook-envelope.ts; payloads: main/engine/hooks/opencode-schemas.ts.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';

const ENDPOINT_FILE = null; // trailboss:endpoint (install writes the engine's endpoint file here)

// The engine answers before doing any work, so 300 ms from connect to answer means it is stuck.
const REQUEST_TIMEOUT_MS = 300;
// Posts waiting behind a slow one; beyond this, events are dropped rather than piling up in opencode.
const MAX_QUEUED = 64;
const FORWARDED = new Set(['permission.asked', 'permission.replied', 'session.status']);
// Subagent sessions (those with a parent) go idle while the main one still works: their status is not
// the pane's. Their permissions are, so those still go.
const MAX_CHILD_SESSIONS = 1000;
const ROUTE = '/hooks/opencode';

function endpointPath(env) {
  if (ENDPOINT_FILE) return ENDPOINT_FILE;
  if (env.TRAILBOSS_ENDPOINT) return env.TRAILBOSS_ENDPOINT;
  if (env.TRAILBOSS_HOME) return join(env.TRAILBOSS_HOME, 'endpoint.json');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Trail Boss', 'endpoint.json');
  const xdg = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(xdg, 'trailboss', 'endpoint.json');
}

// Read at every post: the engine may start, stop or move to another port while opencode runs.
function readEndpoint() {
  const info = JSON.parse(readFileSync(endpointPath(process.env), 'utf8'));
  // Only ever talk to loopback, whatever the file says: the token must not travel anywhere else.
  if (info.version !== 1 || info.host !== '127.0.0.1' || !Number.isInteger(info.port)) return null;
  const token = readFileSync(info.tokenFile, 'utf8').trim();
  if (!/^[\x21-\x7e]+$/.test(token)) return null;
  return { port: info.port, token };
}

function post(body) {
  return new Promise((resolve) => {
    let target;
    try {
      target = readEndpoint();
    } catch {
      target = null;
    }
    if (target === null) return resolve();
    let timer = null;
    const finish = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      resolve();
    };
    try {
      const req = request(
        {
          host: '127.0.0.1',
          port: target.port,
          path: ROUTE,
          method: 'POST',
          agent: false,
          headers: {
            authorization: `Bearer ${target.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            connection: 'close',
          },
        },
        (res) => {
          // The engine answers only after reading the whole body: the answer means delivered.
          res.on('error', finish);
          res.resume();
          res.on('end', finish);
          finish();
        },
      );
      req.on('error', finish);
      timer = setTimeout(() => {
        try {
          req.destroy();
        } catch {
          // Nothing to do: the post is given up either way.
        }
        finish();
      }, REQUEST_TIMEOUT_MS);
      req.end(body);
    } catch {
      finish();
    }
  });
}

function envelope(event) {
  const tmux = process.env.TMUX;
  return JSON.stringify({
    v: 1,
    event: event.type,
    tmuxPane: process.env.TMUX_PANE || null,
    tmuxSocket: tmux ? tmux.split(',')[0] || null : null,
    // The plugin runs inside opencode: its own pid leads up to the pane's process.
    ppid: process.pid > 0 ? process.pid : null,
    payload: event,
  });
}

/** The plugin: opencode calls it once per instance; its `event` hook sees every bus event. */
export const TrailBossPlugin = async () => {
  let tail = Promise.resolve();
  let queued = 0;
  const children = new Set();
  return {
    event: async (input) => {
      try {
        const event = input && input.event;
        if (!event || typeof event.type !== 'string') return;
        const props = event.properties || {};
        if ((event.type === 'session.created' || event.type === 'session.updated') && props.info && props.info.parentID) {
          if (children.size >= MAX_CHILD_SESSIONS) children.clear();
          children.add(props.info.id);
        }
        if (!FORWARDED.has(event.type)) return;
        if (event.type === 'session.status' && children.has(props.sessionID)) return;
        if (queued >= MAX_QUEUED) return;
        const body = envelope(event);
        queued++;
        // In order (a late "busy" must not overtake a "permission.asked"), never awaited by opencode.
        tail = tail
          .then(() => post(body))
          .catch(() => undefined)
          .then(() => {
            queued--;
          });
      } catch {
        // Never let Trail Boss break opencode.
      }
    },
  };
};
