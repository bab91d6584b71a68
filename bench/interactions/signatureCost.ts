/**
 * Part 1: what checking one request's signature costs (src/interactions/signature.ts's
 * checkSignature, the work the endpoint does on every request before it parses the body): a
 * realistic 1.5 KB slash-command body, signed as Discord signs it, checked SIGNATURE_CHECKS times
 * one by one; and the same body with a wrong signature (a forged request, refused). The p99 is
 * given over every check and over those the process was not switched out during (the target's).
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { checkSignature, publicKeyFromHex } from '../../src/interactions/signature.js';
import { commandBody, percentile, round, SIGNATURE_CHECKS } from './conditions.js';

/** A key pair as the developer portal has it: the private key, and the public one as 64 hex. */
export function appKeys(): { privateKey: KeyObject; publicHex: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    publicHex: publicKey.export({ type: 'spki', format: 'der' }).subarray(-32).toString('hex'),
  };
}

/** The headers Discord sends with `body`, signed now (or at `timestamp`). */
export function signed(
  privateKey: KeyObject,
  body: string,
  timestamp = String(Math.floor(Date.now() / 1000)),
): { signature: string; timestamp: string } {
  return { signature: sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'), timestamp };
}

/**
 * Each check timed on its own (wall clock), and whether the process was switched out meanwhile
 * (an involuntary context switch: another process took the core, which on a shared machine adds
 * milliseconds of wall time that are not the check's cost).
 */
function timed(times: number, check: () => boolean) {
  const micros: number[] = [];
  const undisturbed: number[] = [];
  let wrong = 0;
  const cpuBefore = process.cpuUsage();
  let switches = process.resourceUsage().involuntaryContextSwitches;
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    const ok = check();
    const took = (performance.now() - started) * 1000;
    const now = process.resourceUsage().involuntaryContextSwitches;
    micros.push(took);
    if (now === switches) undisturbed.push(took);
    switches = now;
    if (!ok) wrong += 1;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const mean = micros.reduce((sum, value) => sum + value, 0) / micros.length;
  return {
    checks: times,
    meanMicros: round(mean, 1),
    p50Micros: round(percentile(micros, 50), 1),
    p99Micros: round(percentile(micros, 99), 1),
    maxMicros: round(Math.max(...micros), 1),
    /** The checks during which no other process took the core: their p99 is the check's own. */
    notSwitchedOut: undisturbed.length,
    notSwitchedOutP99Micros: round(percentile(undisturbed, 99), 1),
    cpuMicrosPerCheck: round((cpu.user + cpu.system) / times, 1),
    checksPerSecond: Math.round(1e6 / mean),
    wrongVerdicts: wrong,
  };
}

export function signatureCost() {
  const { privateKey, publicHex } = appKeys();
  const key = publicKeyFromHex(publicHex);
  const text = commandBody();
  const body = Buffer.from(text);
  const good = signed(privateKey, text);
  const forged = signed(privateKey, commandBody());
  const nowS = () => Math.floor(Date.now() / 1000);
  const genuine = () => checkSignature(key, good.signature, good.timestamp, body, nowS()).ok;
  const refused = () => !checkSignature(key, forged.signature, forged.timestamp, body, nowS()).ok;
  // Warm up (the JIT, crypto's first calls), then the measured runs.
  timed(500, genuine);
  timed(500, refused);
  return {
    bodyBytes: body.length,
    genuine: timed(SIGNATURE_CHECKS, genuine),
    forged: timed(Math.round(SIGNATURE_CHECKS / 4), refused),
  };
}
