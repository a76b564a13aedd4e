/** The server's notion of now. Tests move it forward to expire codes and tokens. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function adjustableClock(): AdjustableClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
