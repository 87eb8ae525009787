/**
 * A queue whose items are worked off in the browser's idle time, a few milliseconds at a time, so
 * that many small jobs queued at once (a prefetch for every link that scrolls into view) never add
 * up to one long task. Items are kept once each, in the order they were first added.
 */

/** What an idle callback is told: how long it may still run. */
export interface IdleDeadline {
  timeRemaining: () => number;
}

export type ScheduleIdle = (run: (deadline: IdleDeadline) => void) => void;

/**
 * Work off the queue for at most this long at a time, however long the browser says it is idle
 * (up to 50 ms): on a phone four times slower than the machine that measured it, still no long task.
 */
export const SLICE_MS = 4;
/** Run within this long even on a page that is never idle. */
export const IDLE_TIMEOUT_MS = 2000;

/** `requestIdleCallback` where the browser has it (Safari before 2025 does not), else a timer. */
export const browserIdle: ScheduleIdle = (run) => {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(run, {timeout: IDLE_TIMEOUT_MS});
    return;
  }
  setTimeout(() => {
    const end = performance.now() + SLICE_MS;
    run({timeRemaining: () => Math.max(0, end - performance.now())});
  }, 1);
};

export function createIdleQueue<T>(
  work: (item: T) => void,
  schedule: ScheduleIdle = browserIdle,
  now: () => number = () => performance.now(),
) {
  const queued = new Set<T>();
  let scheduled = false;

  const drain = (deadline: IdleDeadline) => {
    scheduled = false;
    const end = now() + Math.min(deadline.timeRemaining(), SLICE_MS);
    // At least one item per slice, so that a page that is never idle still makes progress.
    do {
      const next = queued.values().next();
      if (next.done) return;
      queued.delete(next.value);
      try {
        work(next.value);
      } catch (error) {
        // One failing item must not stop the others; the failure stays visible.
        console.error(error);
      }
    } while (now() < end);
    if (queued.size > 0) {
      scheduled = true;
      schedule(drain);
    }
  };

  return {
    add(item: T): void {
      queued.add(item);
      if (scheduled) return;
      scheduled = true;
      schedule(drain);
    },
    /** Items still waiting. */
    get size(): number {
      return queued.size;
    },
  };
}
