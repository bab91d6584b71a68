/**
 * A status line that changes faster than Discord may be edited (a queue position): at most one
 * write in flight, and only the newest pending text is written next (latest wins). `close`
 * drops what is pending and waits for the write in flight, so the reply that follows is never
 * overwritten by a stale notice.
 */
export interface Notice {
  show(text: string): void;
  close(): Promise<void>;
}

export function createNotice(
  write: (text: string) => Promise<unknown>,
  onError: (error: unknown) => void,
): Notice {
  let inFlight: Promise<void> | null = null;
  let pending: string | null = null;
  let closed = false;

  const start = (text: string) => {
    inFlight = write(text)
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        inFlight = null;
        if (pending !== null && !closed) {
          const next = pending;
          pending = null;
          start(next);
        }
      });
  };

  return {
    show(text) {
      if (closed) return;
      if (inFlight) pending = text;
      else start(text);
    },
    async close() {
      closed = true;
      pending = null;
      while (inFlight) await inFlight;
    },
  };
}
