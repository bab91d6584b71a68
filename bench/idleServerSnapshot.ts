/**
 * A V8 heap snapshot's nodes summed by kind (idleServerHeap.ts): objects by constructor name,
 * everything else by node type and name (strings by type only), self sizes in bytes.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export function readSnapshot(path: string): Snapshot {
  return JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
}

export function bySelfSize(heap: Snapshot): Map<string, { size: number; count: number }> {
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [
    number,
    number,
    number,
  ];
  const totals = new Map<string, { size: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const type = types[heap.nodes[i + typeAt] as number] as string;
    const name = heap.strings[heap.nodes[i + nameAt] as number] as string;
    const key =
      type === 'object' || type === 'closure'
        ? `${type} ${name}`
        : type === 'string' || type === 'concatenated string' || type === 'sliced string'
          ? type
          : `${type} ${name.slice(0, 40)}`;
    const total = totals.get(key) ?? { size: 0, count: 0 };
    total.size += heap.nodes[i + sizeAt] as number;
    total.count += 1;
    totals.set(key, total);
  }
  return totals;
}
