/**
 * Runs tasks one after another per key, in arrival order; different keys run in parallel.
 *
 * In-process serialisation is enough for correctness even when sharded: Discord delivers a
 * guild's (and so a channel's) events to exactly one shard, and every shard of this bot lives in
 * one process, so no other process ever writes the same key.
 */
export interface KeyedQueue {
  /**
   * Queues `task` behind the tasks already waiting on `key`. `onWait(ahead)` is called at once,
   * before `run` returns, when `ahead` > 0 tasks are queued or running before this one, and
   * again each time that number goes down, until the task starts.
   */
  run<T>(key: string, task: () => Promise<T>, onWait?: (ahead: number) => void): Promise<T>;
  /** Tasks queued or running for `key`. */
  depth(key: string): number;
}

interface Lane {
  tail: Promise<unknown>;
  /** Queued and running entries, oldest (running) first. */
  readonly entries: { onWait: ((ahead: number) => void) | undefined }[];
}

export function createKeyedQueue(): KeyedQueue {
  const lanes = new Map<string, Lane>();

  return {
    run(key, task, onWait) {
      const lane = lanes.get(key) ?? { tail: Promise.resolve(), entries: [] };
      lanes.set(key, lane);
      const entry = { onWait };
      const ahead = lane.entries.length;
      lane.entries.push(entry);
      if (ahead > 0) onWait?.(ahead);

      const result = lane.tail.then(task);
      // The lane's tail must never reject, or every later task on the key would be skipped.
      lane.tail = result.then(
        () => undefined,
        () => undefined,
      );
      const release = () => {
        lane.entries.splice(lane.entries.indexOf(entry), 1);
        if (lane.entries.length === 0) {
          lanes.delete(key);
          return;
        }
        // Entry 0 is starting now; the ones behind it moved up one place.
        lane.entries.forEach((waiting, index) => {
          if (index > 0) waiting.onWait?.(index);
        });
      };
      result.then(release, release);
      return result;
    },
    depth(key) {
      return lanes.get(key)?.entries.length ?? 0;
    },
  };
}
