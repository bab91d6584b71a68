/**
 * Admission on real settings (a SQLite store) and real fair-use counters: the channel gate (user
 * installs, DMs, the server's allowed channels), each refusal in the words of whoever reads it,
 * the rate limit (the server's setting, else the operator's) and one request in flight per member
 * and channel.
 */
import { describe, expect, it } from 'vitest';
import {
  type AdmissionDeps,
  type AdmissionInput,
  admitRequest,
  channelGate,
} from '../../../src/access/admission.js';
import { createFairUse } from '../../../src/access/fairUse.js';
import { createI18n, type Translator } from '../../../src/i18n/translator.js';
import { DEFAULT_GUILD_CONFIG } from '../../../src/settings/resolve.js';
import { createSettings } from '../../../src/settings/settingsStore.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

const german = createI18n().translator('de');

async function setUp(config: Partial<AdmissionDeps['config']> = {}) {
  const { store } = await freshStore();
  const deps = {
    settings: createSettings(store),
    fairUse: createFairUse(),
    config: { userInstall: true, dmsEnabled: true, rateLimitPerMinute: 5, ...config },
  };
  return deps;
}

const request = (input: Partial<AdmissionInput> = {}): AdmissionInput => ({
  guildId: 'g',
  channelId: 'c',
  parentId: null,
  userId: 'u',
  kind: 'chat',
  voice: english,
  ...input,
});

/** The "too fast" sentence in `voice` for `perMinute`, whatever wait it names. */
function tooFast(
  voice: Translator,
  key: 'errors.tooFastServer' | 'errors.tooFastBot',
  perMinute: number,
): RegExp {
  const marker = 'XWAITX';
  const [before = '', after = ''] = voice
    .t(key, { perMinute, wait: marker })
    .split(marker)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${before}.+${after}$`);
}

/** Admits `input` and releases its slot at once: one rate-limit point spent, nothing in flight. */
async function admitAndRelease(deps: AdmissionDeps, input: AdmissionInput) {
  const admitted = await admitRequest(deps, input);
  if (admitted.ok) admitted.slot.release();
  return admitted;
}

describe('the channel gate', () => {
  it('refuses a channel the server leaves out, in the reader’s words, and admits its threads', async () => {
    const deps = await setUp();
    await deps.settings.updateGuild('g', { allowedChannels: ['allowed'] });

    const inGerman = await admitRequest(deps, request({ channelId: 'other', voice: german }));
    expect(inGerman).toEqual({ ok: false, error: german.t('errors.channelNotAllowed') });
    expect(german.t('errors.channelNotAllowed')).not.toBe(english.t('errors.channelNotAllowed'));
    const gate = await channelGate(deps, request({ channelId: 'other' }));
    expect(gate).toMatchObject({ refusal: english.t('errors.channelNotAllowed'), refusedBy: 'channel' });
    expect(gate.guild.allowedChannels).toEqual(['allowed']);
    // A refused request holds no slot.
    expect(deps.fairUse.inProgress('g')).toEqual([]);

    expect((await admitAndRelease(deps, request({ channelId: 'allowed' }))).ok).toBe(true);
    // A thread follows its parent channel.
    expect((await admitAndRelease(deps, request({ channelId: 'thread', parentId: 'allowed' }))).ok).toBe(
      true,
    );
    expect((await admitAndRelease(deps, request({ channelId: 'thread', parentId: 'other' }))).ok).toBe(false);
    // Another server's setting does not apply here.
    expect((await admitAndRelease(deps, request({ guildId: 'g2', channelId: 'other' }))).ok).toBe(true);
  });

  it('refuses DMs when the operator turned them off', async () => {
    const off = await setUp({ dmsEnabled: false });
    const dm = request({ guildId: null, channelId: 'dm', voice: german });
    expect(await admitRequest(off, dm)).toEqual({ ok: false, error: german.t('errors.dmsOff') });
    expect(await channelGate(off, dm)).toEqual({
      guild: DEFAULT_GUILD_CONFIG,
      refusal: german.t('errors.dmsOff'),
      refusedBy: 'dmsOff',
    });
    // Servers still work.
    expect((await admitAndRelease(off, request())).ok).toBe(true);

    const on = await setUp({ dmsEnabled: true });
    expect(await channelGate(on, dm)).toEqual({ guild: DEFAULT_GUILD_CONFIG, refusal: undefined });
    expect((await admitAndRelease(on, dm)).ok).toBe(true);
  });

  it('refuses user installs when the operator turned them off; where on, no server setting applies', async () => {
    const off = await setUp({ userInstall: false });
    const installed = request({ userInstall: true, voice: german });
    expect(await admitRequest(off, installed)).toEqual({
      ok: false,
      error: german.t('errors.userInstallOff'),
    });
    expect((await channelGate(off, installed)).refusedBy).toBe('userInstallOff');
    // The same place with the bot present is not a user install.
    expect((await admitAndRelease(off, request())).ok).toBe(true);

    const on = await setUp({ userInstall: true });
    // The server did not add the bot: its allowed channels and rate limit do not apply.
    await on.settings.updateGuild('g', { allowedChannels: ['elsewhere'], requestsPerMinute: 1 });
    const admitted = await admitAndRelease(on, request({ userInstall: true }));
    expect(admitted).toMatchObject({ ok: true, guild: DEFAULT_GUILD_CONFIG });
    // In a DM-like place too (no guild), even with DMs off: USER_INSTALL decides.
    const dmsOff = await setUp({ userInstall: true, dmsEnabled: false });
    expect((await admitAndRelease(dmsOff, request({ guildId: null, userInstall: true }))).ok).toBe(true);
  });
});

describe('fair use at admission', () => {
  it('counts requests against the server’s rate limit, else the operator’s', async () => {
    const deps = await setUp({ rateLimitPerMinute: 3 });
    await deps.settings.updateGuild('strict', { requestsPerMinute: 2 });

    const strict = request({ guildId: 'strict' });
    expect((await admitAndRelease(deps, strict)).ok).toBe(true);
    expect((await admitAndRelease(deps, strict)).ok).toBe(true);
    const third = await admitRequest(deps, { ...strict, voice: german });
    expect(third.ok ? '' : third.error).toMatch(tooFast(german, 'errors.tooFastServer', 2));

    // A server without its own setting: the operator's 3.
    const open = request({ guildId: 'open' });
    for (let i = 0; i < 3; i += 1) expect((await admitAndRelease(deps, open)).ok).toBe(true);
    const fourth = await admitRequest(deps, open);
    expect(fourth.ok ? '' : fourth.error).toMatch(tooFast(english, 'errors.tooFastServer', 3));
    // DMs: the operator's, in the bot's words.
    const dm = request({ guildId: null, channelId: 'dm' });
    for (let i = 0; i < 3; i += 1) expect((await admitAndRelease(deps, dm)).ok).toBe(true);
    const dmFourth = await admitRequest(deps, dm);
    expect(dmFourth.ok ? '' : dmFourth.error).toMatch(tooFast(english, 'errors.tooFastBot', 3));
  });

  it('a channel the server refuses costs no rate-limit point', async () => {
    const deps = await setUp({ rateLimitPerMinute: 1 });
    await deps.settings.updateGuild('g', { allowedChannels: ['allowed'] });
    for (let i = 0; i < 3; i += 1)
      expect((await admitRequest(deps, request({ channelId: 'other' }))).ok).toBe(false);
    expect(deps.fairUse.inProgress('g')).toEqual([]);
    expect((await admitAndRelease(deps, request({ channelId: 'allowed' }))).ok).toBe(true);
  });

  it('allows one request in flight per member and channel, and one of each kind', async () => {
    const deps = await setUp({ rateLimitPerMinute: 100 });
    const first = await admitRequest(deps, request());
    expect(first).toMatchObject({ ok: true, guild: DEFAULT_GUILD_CONFIG });
    expect(await admitRequest(deps, request({ voice: german }))).toEqual({
      ok: false,
      error: german.t('errors.chatBusy'),
    });
    // An image request is apart from the chat one; a second image request is refused.
    const image = await admitRequest(deps, request({ kind: 'image' }));
    expect(image.ok).toBe(true);
    expect(await admitRequest(deps, request({ kind: 'image' }))).toEqual({
      ok: false,
      error: english.t('errors.imagesBusy'),
    });
    // Another channel, another member: their own slots.
    const elsewhere = await admitRequest(deps, request({ channelId: 'c2' }));
    const other = await admitRequest(deps, request({ userId: 'u2' }));
    expect([elsewhere.ok, other.ok]).toEqual([true, true]);
    expect(deps.fairUse.inProgress('g')).toHaveLength(4);
    // Released: the member may ask again in that channel.
    if (first.ok) first.slot.release();
    expect((await admitAndRelease(deps, request())).ok).toBe(true);
    for (const held of [image, elsewhere, other]) if (held.ok) held.slot.release();
    expect(deps.fairUse.inProgress('g')).toEqual([]);
  });
});
