/**
 * Two V8 heap snapshots compared by constructor (issue 32): what grew between them, by count and
 * by self size, as DevTools' comparison view shows it but printable in a note. The soak takes the
 * snapshots (BENCH_SOAK_SNAPSHOTS=1: after the warm-up and at the end of the traffic); this reads
 * them without loading the whole file's nodes into objects (one pass over the flat node array).
 *
 * Grouped like DevTools' summary: objects and native objects by constructor name, everything
 * else by type ("(string)", "(closure)", "(code)", ...), arrays by their internal name.
 *
 * `tsx bench/heapDiff.ts before.heapsnapshot after.heapsnapshot [rows=25]`
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: unknown[] } };
  readonly nodes: number[];
  readonly strings: string[];
}

interface Group {
  count: number;
  bytes: number;
}

/** Self size and count per group of one snapshot. */
export function groupSnapshot(snapshot: Snapshot): Map<string, Group> {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0] as string[];
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, Group>();
  const { nodes, strings } = snapshot;
  for (let i = 0; i < nodes.length; i += stride) {
    const type = types[nodes[i + typeAt] as number] ?? 'unknown';
    const name = strings[nodes[i + nameAt] as number] ?? '';
    const key =
      type === 'object' || type === 'native'
        ? name
        : type === 'array' || type === 'hidden'
          ? `(${type}) ${name.slice(0, 60)}`
          : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += nodes[i + sizeAt] as number;
    groups.set(key, group);
  }
  return groups;
}

export interface GroupChange {
  readonly key: string;
  readonly countBefore: number;
  readonly countAfter: number;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

/** Every group's change, largest growth in bytes first. */
export function compareGroups(before: Map<string, Group>, after: Map<string, Group>): GroupChange[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((key) => ({
      key,
      countBefore: before.get(key)?.count ?? 0,
      countAfter: after.get(key)?.count ?? 0,
      bytesBefore: before.get(key)?.bytes ?? 0,
      bytesAfter: after.get(key)?.bytes ?? 0,
    }))
    .sort((a, b) => b.bytesAfter - b.bytesBefore - (a.bytesAfter - a.bytesBefore));
}

function total(groups: Map<string, Group>): number {
  let bytes = 0;
  for (const group of groups.values()) bytes += group.bytes;
  return bytes;
}

const readGroups = (path: string) => groupSnapshot(JSON.parse(readFileSync(path, 'utf8')) as Snapshot);

/**
 * The soak's two snapshots (`label: path` each) compared: the totals and the groups that grew
 * most, in KiB, for its report.
 */
export function snapshotGrowth(labelled: readonly string[], rows = 15) {
  const [before, after] = labelled.map((entry) => readGroups(entry.slice(entry.indexOf(': ') + 2)));
  if (!before || !after) return undefined;
  const KiB = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return {
    selfSizeKiB: { before: KiB(total(before)), after: KiB(total(after)) },
    grewMost: compareGroups(before, after)
      .slice(0, rows)
      .map((change) => ({
        group: change.key,
        count: [change.countBefore, change.countAfter],
        KiB: [KiB(change.bytesBefore), KiB(change.bytesAfter)],
      })),
  };
}

function main(): void {
  const [beforePath, afterPath, rowsArg] = process.argv.slice(2);
  if (!beforePath || !afterPath) {
    console.error('usage: tsx bench/heapDiff.ts before.heapsnapshot after.heapsnapshot [rows]');
    process.exit(2);
  }
  const before = readGroups(beforePath);
  const after = readGroups(afterPath);
  const KiB = (bytes: number) => (bytes / 1024).toFixed(1).padStart(10);
  console.log(`self size: ${KiB(total(before))} KiB -> ${KiB(total(after))} KiB`);
  console.log(`${'group'.padEnd(66)} ${'count'.padStart(17)} ${'KiB'.padStart(23)} ${'+KiB'.padStart(10)}`);
  for (const change of compareGroups(before, after).slice(0, Number(rowsArg ?? 25))) {
    const counts = `${change.countBefore} -> ${change.countAfter}`.padStart(17);
    const sizes = `${KiB(change.bytesBefore)} ->${KiB(change.bytesAfter)}`;
    console.log(
      `${change.key.slice(0, 66).padEnd(66)} ${counts} ${sizes} ${KiB(change.bytesAfter - change.bytesBefore)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
