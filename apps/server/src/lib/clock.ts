/**
 * The time as the app's rules see it. Deadlines (auto-release, reminders, job runs) read this
 * clock rather than Date.now(), so a test can move it 14 days ahead instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move: for tests and benchmarks. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  setTo(date: Date): void {
    this.current = date.getTime();
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
