/**
 * Keeps a channel's requests in the order they arrived. An interaction does awaited work before
 * it joins its channel's queue (admission, acknowledging it, opening a thread), and two arriving
 * milliseconds apart could otherwise join in the opposite order, so the later one would answer
 * first and the earlier one would see it in its history. Each takes its place on arrival and
 * joins only once the ones before it have joined or given up; its acknowledgement is not held.
 */
export interface ArrivalOrder {
  /** Takes the request's place on `channelId`; call synchronously on arrival. */
  arrive(channelId: string): Arrival;
}

export interface Arrival {
  /** Resolves once every earlier arrival on the channel has joined its queue or given up. */
  turn(): Promise<void>;
  /** This one joined (or gave up): the next may join. Idempotent. */
  done(): void;
}

export function createArrivalOrder(): ArrivalOrder {
  const tails = new Map<string, Promise<void>>();
  return {
    arrive(channelId) {
      const before = tails.get(channelId) ?? Promise.resolve();
      let done = () => {};
      const joined = new Promise<void>((resolve) => {
        done = resolve;
      });
      const tail = before.then(() => joined);
      tails.set(channelId, tail);
      void tail.then(() => {
        if (tails.get(channelId) === tail) tails.delete(channelId);
      });
      return { turn: () => before, done: () => done() };
    },
  };
}
