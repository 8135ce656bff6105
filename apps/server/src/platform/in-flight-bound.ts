/**
 * At most `max` calls of a kind under way in this process: past it a call is refused with `refuse()` at once
 * instead of queued. Work waiting for a database connection holds its request and closures; unbounded, a load
 * the process cannot keep up with fills its heap until it stops (docs/CHAT.md, "Under load").
 */
export function createInFlightBound(max: number, refuse: () => Error) {
  let inFlight = 0;
  return async function bounded<T>(call: () => Promise<T>): Promise<T> {
    if (inFlight >= max) throw refuse();
    inFlight++;
    try {
      return await call();
    } finally {
      inFlight--;
    }
  };
}
