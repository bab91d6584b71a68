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
   * before `run` returns, when `ahead` > 0 tasks are queued or running before this one.
   */
  run<T>(key: string, task: () => Promise<T>, onWait?: (ahead: number) => void): Promise<T>;
  /** Tasks queued or running for `key`. */
  depth(key: string): number;
}

export function createKeyedQueue(): KeyedQueue {
  const lanes = new Map<string, { tail: Promise<unknown>; depth: number }>();

  return {
    run(key, task, onWait) {
      const lane = lanes.get(key) ?? { tail: Promise.resolve(), depth: 0 };
      const ahead = lane.depth;
      lane.depth += 1;
      lanes.set(key, lane);
      if (ahead > 0) onWait?.(ahead);

      const result = lane.tail.then(task);
      // The lane's tail must never reject, or every later task on the key would be skipped.
      lane.tail = result.then(
        () => undefined,
        () => undefined,
      );
      const release = () => {
        lane.depth -= 1;
        if (lane.depth === 0) lanes.delete(key);
      };
      result.then(release, release);
      return result;
    },
    depth(key) {
      return lanes.get(key)?.depth ?? 0;
    },
  };
}
