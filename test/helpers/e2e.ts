/**
 * The set-up every in-process end-to-end file shares: one harness per file (started before its
 * first test, closed after its last), a channel allocator, the private-reply reader and /ask.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalInteraction, LocalUser, SendCommandInput } from '../../src/localDiscord/localDiscord.js';
import { type Harness, type HarnessOptions, startHarness, waitForReply } from './harness.js';
import { v2WriteProblems } from './jsonSchema.js';

export interface SuiteOptions extends HarnessOptions {
  /** The member `ask` sends as when a test names nobody (default: Member). */
  readonly asker?: { readonly username: string; readonly globalName: string };
}

export type CommandOptions = Record<string, string | number | boolean>;

export interface Suite {
  /**
   * The file's harness. Bound late: it can be taken at module level, and reaches the running
   * harness from the file's hooks and tests.
   */
  readonly h: Harness;
  /** The member `ask` sends as by default (SuiteOptions.asker). */
  readonly asker: LocalUser;
  /** A channel no earlier test of the file has used. */
  freshChannel(): string;
  /**
   * The text of an interaction's first reply message once it is non-empty and `done` accepts it
   * (an immediate reply, or a deferred reply's edit); checks that the reply is private.
   */
  ephemeralText(interaction: LocalInteraction, done?: (text: string) => boolean): Promise<string>;
  /** Sends /ask with these options, as the asker unless `extra.user` says otherwise. */
  ask(options: CommandOptions, extra?: Omit<SendCommandInput, 'name' | 'options'>): LocalInteraction;
}

/** Registers the file's harness hooks (call at module level) and returns its helpers. */
export function useHarness(options: SuiteOptions = {}): Suite {
  let current: Harness | undefined;
  let asker: LocalUser | undefined;
  let nextChannel = 0;
  const harness = (): Harness => {
    if (!current) throw new Error('the harness is not running (used outside the file’s tests?)');
    return current;
  };
  const defaultAsker = (): LocalUser => {
    asker ??= harness().discord.user(
      options.asker?.username ?? 'member',
      options.asker?.globalName ?? 'Member',
    );
    return asker;
  };

  beforeAll(async () => {
    current = await startHarness(options);
  });
  afterAll(async () => {
    // Whatever the file did, nothing the bot sent may ever have pinged anyone.
    const pinging = [...(current?.discord.messages.values() ?? [])].filter(
      (message) => message.kind !== 'user' && message.versions.some((version) => version.pinged),
    );
    expect(pinging.map((message) => message.content)).toEqual([]);
    // And every V2 message write it made is one Discord's OpenAPI description takes.
    if (current) expect(v2WriteProblems(current.discord)).toEqual([]);
    // Over HTTP, every interaction went to the endpoint (none over the gateway) and was answered.
    if (current?.transport === 'http') {
      const overGateway = current.discord.deliveries.filter(
        (delivery) => delivery.t === 'INTERACTION_CREATE' && delivery.transport !== 'http',
      );
      expect(overGateway).toEqual([]);
      expect(current.discord.endpointFailures).toEqual([]);
    }
    await current?.close();
    current = undefined;
    asker = undefined;
  });

  const h = new Proxy({} as Harness, {
    get: (_, key) => Reflect.get(harness(), key),
    set: (_, key, value) => Reflect.set(harness(), key, value),
    has: (_, key) => Reflect.has(harness(), key),
  });

  return {
    h,
    get asker() {
      return defaultAsker();
    },
    freshChannel() {
      const id = harness().discord.channelIds[nextChannel++];
      if (!id) throw new Error('out of fake channels (raise discord.channelCount)');
      return id;
    },
    async ephemeralText(interaction, done = () => true) {
      const [text] = await waitForReply(
        h,
        interaction,
        ([first]) => first !== undefined && first !== '' && done(first),
      );
      expect((h.discord.replyMessages(interaction)[0]?.flags ?? 0) & 64).toBe(64);
      return text as string;
    },
    ask(commandOptions, extra = {}) {
      return harness().discord.sendCommand({
        name: 'ask',
        options: commandOptions,
        ...extra,
        user: extra.user ?? defaultAsker(),
      });
    },
  };
}
