/** The time as the store sees it (availability, cut-offs, hold expiry, deadlines); tests fix it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
