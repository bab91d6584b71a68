/**
 * The Interactions Endpoint URL: Discord's other way of delivering interactions, an HTTP POST to
 * the app instead of INTERACTION_CREATE on the gateway (never both: docs, interactions/overview,
 * "Preparing for Interactions"). Each POST is signed with the app's Ed25519 key:
 * `X-Signature-Ed25519` is the hex signature of `X-Signature-Timestamp` (unix seconds) followed by
 * the raw body, and `publicKey` is the key the Developer Portal shows (`verify_key`). Saving a URL
 * (`setInteractionsEndpoint`, or PATCH /applications/@me: applicationRoutes.ts) first checks it as
 * the portal does: a signed PING must get 200 and `{"type":1}` as JSON, and a PING with a wrong
 * signature 401; otherwise the URL is refused and the previous one stays.
 *
 * The endpoint answers an interaction with 202 (it used the callback route), or 200 and an
 * interaction response, applied as that route would apply it (interactionCallback.ts). Anything
 * else, no answer within Discord's 3 seconds or no connection, and the interaction failed (Discord
 * shows "This interaction failed"): recorded in `endpointFailures`.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { Agent, request } from 'node:http';
import { applyCallback } from './interactionCallback.js';
import { recordMessageWrite } from './messageWrites.js';
import { type EndpointDelivery, type LocalInteraction, snowflake } from './model.js';
import type { DiscordState } from './state.js';
import { userInstallRule } from './userInstall.js';

/** Discord's deadline for an interaction's initial response (and for the portal's checks). */
export const ENDPOINT_DEADLINE_MS = 3000;
/** Failed deliveries kept in `endpointFailures` (the newest). */
export const ENDPOINT_FAILURES_KEPT = 1000;
export const ENDPOINT_USER_AGENT = 'Discord-Interactions/1.0 (+https://discord.com)';

/** The private halves: only signInteraction signs, so a test can forge but never read the key. */
const signingKeys = new WeakMap<DiscordState, KeyObject>();

/** Makes the app's key pair; returns its public key as the portal shows it (64 hex characters). */
export function makeSigningKey(discord: DiscordState): string {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  signingKeys.set(discord, privateKey);
  // The raw key is what follows the SPKI encoding's fixed 12-byte Ed25519 prefix: its last 32 bytes.
  return publicKey.export({ type: 'spki', format: 'der' }).subarray(-32).toString('hex');
}

/** The signature headers' values for `body` sent at `timestamp` (unix seconds; default now). */
export function signInteraction(
  discord: DiscordState,
  body: string,
  timestamp: string = String(Math.floor(Date.now() / 1000)),
): { signature: string; timestamp: string } {
  const key = signingKeys.get(discord);
  if (!key) throw new Error('local Discord: no signing key (made by the LocalDiscord constructor)');
  return { signature: sign(null, Buffer.from(timestamp + body), key).toString('hex'), timestamp };
}

interface Answer {
  readonly status: EndpointDelivery['status'];
  readonly ms: number;
  /** The body parsed, when the answer said it is JSON (and it is). */
  readonly json?: unknown;
  readonly text: string;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Each local Discord's own keep-alive pool to the endpoint, with node:http rather than undici:
 * the first undici loaded in a process makes the global dispatcher every copy shares, and one made
 * by the package's undici (loaded here before discord.js in a test) fails discord.js's uploads,
 * built by its own older undici ("action is not a function").
 */
const agents = new WeakMap<DiscordState, Agent>();

/** Closes the local Discord's connections to the endpoint (at its close). */
export async function closeEndpointConnections(discord: DiscordState): Promise<void> {
  agents.get(discord)?.destroy();
  agents.delete(discord);
}

/** POSTs `body` as Discord does, with these signature headers; never rejects. */
async function post(
  discord: DiscordState,
  url: string,
  body: string,
  signed: { signature: string; timestamp: string },
): Promise<Answer> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(ENDPOINT_DEADLINE_MS);
  try {
    let agent = agents.get(discord);
    if (!agent) {
      agent = new Agent({ keepAlive: true });
      agents.set(discord, agent);
    }
    const response = await new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const outgoing = request(
        url,
        {
          agent,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': ENDPOINT_USER_AGENT,
            'x-signature-ed25519': signed.signature,
            'x-signature-timestamp': signed.timestamp,
          },
          signal: deadline,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              type: String(incoming.headers['content-type'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    const { text } = response;
    const json = /^application\/json\b/i.test(response.type);
    const answer: Answer = { status: response.status, ms: performance.now() - started, text };
    return json ? { ...answer, json: parsed(text) } : answer;
  } catch (error) {
    const status = deadline.aborted ? 'timeout' : 'error';
    return { status, ms: performance.now() - started, text: String(error) } satisfies Answer;
  }
}

/** An answer as a person debugging the endpoint wants to read it. */
function described(answer: Answer): string {
  if (answer.status === 'timeout') return `no answer within ${ENDPOINT_DEADLINE_MS} ms`;
  if (answer.status === 'error') return `no connection (${answer.text})`;
  const body = answer.text.length > 200 ? `${answer.text.slice(0, 200)}…` : answer.text;
  return `${answer.status}${answer.json === undefined ? ' (not JSON)' : ''} ${body || '(no body)'}`;
}

/** A PING as Discord sends one to check an endpoint. */
const ping = (discord: DiscordState): string =>
  JSON.stringify({
    id: snowflake(),
    application_id: discord.applicationId,
    type: 1,
    token: randomBytes(48).toString('base64url'),
    version: 1,
  });

/** Which of the portal's checks `url` fails, or undefined when it passes both. */
async function endpointRefusal(discord: DiscordState, url: string): Promise<string | undefined> {
  const body = ping(discord);
  const pong = await post(discord, url, body, signInteraction(discord, body));
  if (pong.status !== 200 || (pong.json as { type?: unknown } | undefined)?.type !== 1)
    return `the signed PING was not answered with 200 and {"type":1} as JSON: got ${described(pong)}`;
  // A real signature, of another body: only an endpoint that checks signatures tells them apart.
  const forged = ping(discord);
  const refused = await post(discord, url, forged, signInteraction(discord, ping(discord)));
  if (refused.status !== 401)
    return `a PING with an invalid signature was not refused with 401: got ${described(refused)}`;
  return undefined;
}

/**
 * Saves the Interactions Endpoint URL after the portal's checks; rejects, keeping the previous
 * one, when either fails. undefined: back to the gateway.
 */
export async function setInteractionsEndpoint(discord: DiscordState, url: string | undefined): Promise<void> {
  if (url !== undefined) {
    const refusal = await endpointRefusal(discord, url);
    if (refusal) throw new Error(`local Discord: interactions endpoint ${url} not saved: ${refusal}`);
  }
  discord.interactionsEndpointUrl = url;
  discord.emit('change');
}

function recordFailure(discord: DiscordState, interaction: LocalInteraction, answer: Answer, reason: string) {
  const failures = discord.endpointFailures;
  failures.push({
    interactionId: interaction.id,
    status: answer.status,
    ms: answer.ms,
    reason,
    at: performance.now(),
  });
  if (failures.length > ENDPOINT_FAILURES_KEPT) failures.splice(0, failures.length - ENDPOINT_FAILURES_KEPT);
}

/** Applies an inline response as `POST /interactions/{id}/{token}/callback` would; its refusal, if any. */
function answerInline(discord: DiscordState, interaction: LocalInteraction, json: Record<string, unknown>) {
  const segments = ['interactions', interaction.id, interaction.token, 'callback'];
  recordMessageWrite(discord, 'POST', segments, json);
  const ruled = userInstallRule(discord, 'POST', segments, json, 0);
  if (ruled) return ruled.body;
  const answer = applyCallback(discord, interaction, json, [], performance.now());
  return answer.status < 300 ? undefined : answer.body;
}

/** What the endpoint's answer to an interaction does, and how the delivery went. */
function settle(discord: DiscordState, interaction: LocalInteraction, answer: Answer): EndpointDelivery {
  const { status, ms } = answer;
  if (status === 202) return { status, ms, inline: false };
  const json = answer.json as Record<string, unknown> | undefined;
  if (status === 200 && typeof json === 'object' && json !== null && typeof json.type === 'number') {
    const refusal = answerInline(discord, interaction, json);
    if (refusal === undefined) return { status, ms, inline: true };
    const reason = `its inline response was refused: ${JSON.stringify(refusal)}`;
    recordFailure(discord, interaction, answer, reason);
    return { status, ms, inline: false };
  }
  const expected = status === 200 ? ', not an interaction response as JSON' : '';
  // Failed all the same; saying so points whoever debugs it at the HTTP answer, not at the bot's reply.
  const acknowledged = interaction.callbacks.length > 0 ? ' (acknowledged through the callback route)' : '';
  recordFailure(discord, interaction, answer, `${described(answer)}${expected}${acknowledged}`);
  return { status, ms, inline: false };
}

/**
 * POSTs an interaction to the endpoint (recorded in `deliveries` as an HTTP one, `shard: [-1, 0]`);
 * resolves when its answer has been handled, never rejecting.
 */
export async function deliverInteraction(
  discord: DiscordState,
  url: string,
  payload: Record<string, unknown>,
  interaction: LocalInteraction,
): Promise<EndpointDelivery> {
  const { id, guildId } = interaction;
  discord.deliveries.push({ t: 'INTERACTION_CREATE', id, guildId, shard: [-1, 0], transport: 'http' });
  const body = JSON.stringify(payload);
  const answer = await post(discord, url, body, signInteraction(discord, body));
  let delivery: EndpointDelivery;
  try {
    delivery = settle(discord, interaction, answer);
  } catch (error) {
    recordFailure(discord, interaction, answer, `its answer could not be applied: ${String(error)}`);
    delivery = { status: answer.status, ms: answer.ms, inline: false };
  }
  discord.emit('change');
  return delivery;
}
