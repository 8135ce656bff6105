/** Business code takes time from here, never from `new Date()`, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move: countdowns, expiries, cooling-off periods. */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
  advanceMinutes(minutes: number) {
    this.advance(minutes * 60_000);
  }
}

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
