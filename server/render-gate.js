// @ts-check
// A first-come, first-served gate in front of the Remix handler: at most RENDER_CONCURRENCY requests
// (default 1) are rendered at a time, the others wait their turn in arrival order, and each turn begins
// on a later turn of the event loop.
//
// Why (issue 34): Node 20's libuv accepts ONE new connection per turn of the event loop (libuv PR 3696).
// Without the gate every request in flight is rendered concurrently, so one turn of the loop holds a
// slice of every render (React renders each shell in a setImmediate task): under 50 connections a
// turn lasted 300–500 ms, and a visitor's new connection waited one such turn per connection ahead of it
// in the kernel's accept queue — the first requests of a load test finished after 2 to 8 s (p99 0.7–6 s)
// while the median was 0.5 s. Requests already accepted were not served in order either. With the
// gate a turn holds about one render (~15 ms): new connections are accepted at the rate pages are
// rendered, and requests finish in the order they came (p99 close to p50). Throughput does not change
// on the embedded database, whose queries run on this thread anyway; with PostgreSQL a concurrency of
// 2–4 lets one request's queries overlap another's render.
//
// A request leaves the gate when its response's head is written (its shell is rendered; a deferred part
// streams after without holding the gate) or when the response closes (an error, the client went away);
// a request whose client leaves while it waits is dropped from the queue without being rendered; a
// request that has not sent its head after `slotMs` (200 ms: a render takes 10–40 ms, so it is waiting on
// something else: a supplier's API, a payment gateway, the CMS) leaves too, and goes on beside the next.

/**
 * @param {{ concurrency?: number; slotMs?: number }} [options] `slotMs`: how long a request may hold its
 *   turn without sending its head; past it (a loader waiting on a supplier's API, a payment gateway, the
 *   CMS) the next request is let in beside it, so a slow upstream never holds the whole server.
 * @returns {{ (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next: () => void): void; readonly active: number; readonly waiting: number }}
 */
export function createRenderGate({ concurrency = 1, slotMs = 200 } = {}) {
  const limit = Math.max(1, Math.floor(concurrency) || 1);
  let active = 0;
  /** @type {Array<{ start: () => void; left: boolean }>} */
  const queue = [];

  function pump() {
    while (active < limit && queue.length > 0) {
      const turn = /** @type {{ start: () => void; left: boolean }} */ (queue.shift());
      if (turn.left) continue;
      active += 1;
      // A later turn of the loop: the poll phase (accepting a connection, reading requests) comes first.
      setImmediate(turn.start);
    }
  }

  /** @type {any} */
  const gate = (req, res, next) => {
    /** @type {"waiting" | "running" | "done"} */
    let state = "waiting";
    /** @type {NodeJS.Timeout | undefined} */
    let overtime;
    const run = () => {
      state = "running";
      overtime = setTimeout(leave, slotMs);
      overtime.unref?.();
      next();
    };
    const turn = {
      left: false,
      start() {
        if (state !== "waiting") {
          // The client left between being let in and starting.
          active -= 1;
          pump();
          return;
        }
        run();
      },
    };
    const leave = () => {
      clearTimeout(overtime);
      if (state === "running") {
        state = "done";
        active -= 1;
        pump();
      } else if (state === "waiting") {
        state = "done";
        turn.left = true;
      }
    };
    // The turn ends when the response's head goes out (the shell is rendered: what streams after it,
    // such as the detail page's availability, does not hold the gate) or when it closes (an error, or
    // the client went away).
    const writeHead = res.writeHead;
    if (typeof writeHead === "function") {
      res.writeHead = function writeHeadAndLeave(...args) {
        res.writeHead = writeHead;
        if (state === "running") leave();
        return writeHead.apply(this, args);
      };
    }
    res.once("close", leave);
    if (active < limit && queue.length === 0) {
      // Nobody ahead: go now.
      active += 1;
      run();
      return;
    }
    queue.push(turn);
    pump();
  };
  Object.defineProperties(gate, {
    active: { get: () => active },
    waiting: { get: () => queue.filter((turn) => !turn.left).length },
  });
  return gate;
}

/** The gate's concurrency from RENDER_CONCURRENCY (default 1; "off" or 0: no gate). */
export function renderConcurrency(env = process.env) {
  const value = env.RENDER_CONCURRENCY;
  if (value === undefined || value === "") return 1;
  if (value === "off") return 0;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? Math.floor(number) : 1;
}
