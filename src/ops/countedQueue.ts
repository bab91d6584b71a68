/**
 * A KeyedQueue that also says how many of its tasks are waiting: queued behind another task of
 * their key, not yet started.
 */
import type { KeyedQueue } from '../lib/keyedQueue.js';

export interface CountedQueue extends KeyedQueue {
  waiting(): number;
}

export function countWaiting(queue: KeyedQueue): CountedQueue {
  let waiting = 0;
  return {
    run(key, task, onWait) {
      // A task with nothing ahead starts at once (in a microtask): it never waits.
      let inLine = queue.depth(key) > 0;
      if (inLine) waiting += 1;
      const leaveLine = () => {
        if (!inLine) return;
        inLine = false;
        waiting -= 1;
      };
      const result = queue.run(
        key,
        () => {
          leaveLine();
          return task();
        },
        onWait,
      );
      // A task that never starts (its queue call failed) leaves the line too.
      result.then(leaveLine, leaveLine);
      return result;
    },
    depth: (key) => queue.depth(key),
    waiting: () => waiting,
  };
}
