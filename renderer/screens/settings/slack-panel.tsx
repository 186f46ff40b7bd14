/**
 * Slack pairing in the settings view, the same steps as `trailboss slack pair`: paste the app's bot
 * token and app-level token (or leave them empty to use the ones already saved), check them, DM the
 * bot the code shown, confirm the name and id the desk shows; then test, or unpair (asked twice). The
 * drawing is `SlackPanelView`, a pure function of its props; the flow lives in the client core.
 */
import { useEffect, useState } from 'react';
import type { SlackPairingDto, SlackStatusDto } from '../../../preload/contract/index.ts';
import { useController, useSettings } from '../../../client/react/context.tsx';
import { ChatPairingView, type ChatPanelBase, useUnpairAsk } from './chat-pairing-view.tsx';

/** How often the open panel looks at the Slack pairing. */
const STATUS_EVERY_MS = 5_000;

/** What the panel draws and what its buttons do. */
export interface SlackPanelProps extends ChatPanelBase<SlackPairingDto, string> {
  readonly slack: SlackStatusDto | null;
  readonly note: string | null;
  readonly botToken: string;
  readonly appToken: string;
  readonly apiBase: string;
  readonly onBotToken: (text: string) => void;
  readonly onAppToken: (text: string) => void;
  readonly onApiBase: (text: string) => void;
  readonly onTest: () => void;
}

/** The Slack section, wired to the client core. */
export function SlackPanel() {
  const controller = useController();
  const slack = useSettings((s) => s.slack);
  const flow = useSettings((s) => s.slackPairing);
  const problem = useSettings((s) => s.slackProblem);
  const note = useSettings((s) => s.slackNote);
  const [botToken, setBotToken] = useState('');
  const [appToken, setAppToken] = useState('');
  const [apiBase, setApiBase] = useState('');
  const unpair = useUnpairAsk(() => void controller.unpairSlack());
  // Looked at now and every few seconds: the connection comes and goes, and `trailboss slack pair|unpair` may change it.
  useEffect(() => {
    void controller.loadSlack();
    const timer = setInterval(() => void controller.loadSlack(), STATUS_EVERY_MS);
    return () => clearInterval(timer);
  }, [controller]);
  return (
    <SlackPanelView
      {...{ slack, flow, problem, note, botToken, appToken, apiBase, ...unpair }}
      onBotToken={setBotToken}
      onAppToken={setAppToken}
      onApiBase={setApiBase}
      onCheck={() => {
        void controller.startSlackPairing(botToken, appToken, apiBase);
        // Kept by the engine until the pairing ends; not in this page.
        setBotToken('');
        setAppToken('');
      }}
      onConfirm={() => void controller.confirmSlackPairing()}
      onCancel={() => void controller.cancelSlackPairing()}
      onTest={() => void controller.testSlack()}
    />
  );
}

/** The Slack section as a pure function of its props. */
export function SlackPanelView(p: SlackPanelProps) {
  return (
    <ChatPairingView
      // The flow and the buttons' actions (`ChatPanelBase`) pass straight through; the view reads nothing else of `p`.
      {...p}
      testId="slack-pairing"
      legend="Slack pairing"
      status={statusLine(p.slack)}
      note={p.note}
      paired={p.slack?.paired === true}
      form={{
        intro:
          'Create a Slack app with Socket Mode on, and paste its two tokens. They are checked with Slack and, once you confirm the pairing, ' +
          'kept in owner-only files on this computer. Leave a field empty to use the token already saved there.',
        fields: [
          {
            id: 'slack-bot-token',
            label: 'Bot token (xoxb-…)',
            hint: 'OAuth & Permissions → Bot User OAuth Token.',
            secret: true,
            value: p.botToken,
            onChange: p.onBotToken,
          },
          {
            id: 'slack-app-token',
            label: 'App-level token (xapp-…)',
            hint: 'Basic Information → App-Level Tokens, scope connections:write.',
            secret: true,
            value: p.appToken,
            onChange: p.onAppToken,
          },
          {
            id: 'slack-api-base',
            label: 'Web API base (optional)',
            hint: 'Only for GovSlack or a test server; empty keeps the configured one.',
            placeholder: 'https://slack.com/api/',
            value: p.apiBase,
            onChange: p.onApiBase,
          },
        ],
        checkLabel: 'Check tokens',
        // Empty fields are allowed: the engine uses the tokens already saved.
        canCheck: true,
      }}
      waiting={(pairing) => (
        <>
          <p>
            Connected to Slack as @{pairing.bot}. In Slack, send @{pairing.bot} a direct message with this code:
          </p>
          <p>
            <code className="selectable" data-testid="slack-code">
              {pairing.code}
            </code>
          </p>
        </>
      )}
      waitingFor="Waiting for the DM"
      who={(name, userId) => `${name} (${userId})`}
      whoHint="Slack says this person sent the code. Confirm only if it is you."
      unpairQuestion={`Unpair ${p.slack?.name ?? 'this user'}? Nothing more is sent to Slack and both tokens are removed from this computer.`}
      unpairExtra={
        <button type="button" onClick={p.onTest}>
          Send a test message
        </button>
      }
    />
  );
}

/** The pairing in one line. */
function statusLine(slack: SlackStatusDto | null): string {
  if (slack === null || !slack.paired)
    return 'Not paired. Pair here, or with: trailboss slack pair --bot-token-file FILE --app-token-file FILE';
  const last =
    slack.lastConnectedAt === null ? 'not connected yet' : `last connected ${new Date(slack.lastConnectedAt).toLocaleTimeString()}`;
  const problem = slack.problem === null ? '' : ` — problem: ${slack.problem}`;
  return `Paired with ${slack.name ?? 'a user'} (${slack.userId ?? '?'}) through @${slack.bot ?? '?'}; ${slack.connected ? 'connected' : last}${problem}.`;
}
