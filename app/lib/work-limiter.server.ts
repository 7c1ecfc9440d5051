/**
 * A cap on expensive work (encoding an image) per process and per client, with a short, fair queue
 * (docs/decisions/041). At most `concurrency` jobs run at once; each client has at most `perClient`
 * of them running or next in line, and up to `perClientQueue` more waiting behind those. Clients take
 * turns: a client's next job joins the line only when one of its own finishes, so a client with a
 * hundred jobs delays another by at most `perClient` jobs, never by its whole backlog.
 *
 * Past its queue a client is refused at once (`LimitExceeded` "client": a 429); when the process as a
 * whole has `queue` jobs waiting, or a job has waited `maxWaitMs`, the caller is told the server is busy
 * ("server": a 503). Both carry a Retry-After.
 */

export type WorkLimits = {
  /** Jobs running at once in this process. */
  concurrency: number;
  /** Jobs one client may have running or next in line at once. */
  perClient: number;
  /** Jobs one client may have waiting behind those. */
  perClientQueue: number;
  /** Jobs waiting in this process, all clients together. */
  queue: number;
  /** The longest a job waits for its turn. */
  maxWaitMs: number;
  /** The Retry-After the refusals carry, in seconds. */
  retryAfterSeconds: number;
};

export class LimitExceeded extends Error {
  constructor(
    /** `client`: this client has too much waiting (429); `server`: the process is busy (503). */
    readonly reason: "client" | "server",
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
    this.name = "LimitExceeded";
  }
}

type Waiter = { client: ClientState; start: () => void; refuse: (error: LimitExceeded) => void; timer?: ReturnType<typeof setTimeout> };
type ClientState = { key: string; admitted: number; waiting: Waiter[] };

export type WorkLimiter = {
  /** Runs `job` when it is `client`'s turn; rejects with LimitExceeded when it cannot wait. */
  run<T>(client: string, job: () => Promise<T>): Promise<T>;
  /** What is running and waiting now (for tests and logs). */
  stats(): { running: number; waiting: number; clients: number };
};

export function createWorkLimiter(limits: WorkLimits): WorkLimiter {
  let running = 0;
  let waiting = 0;
  /** Jobs whose client is under `perClient`, in the order they became eligible: they start first come, first served. */
  const line: Waiter[] = [];
  const clients = new Map<string, ClientState>();

  const forget = (client: ClientState) => {
    if (client.admitted === 0 && client.waiting.length === 0) clients.delete(client.key);
  };

  /** Moves a client's waiting jobs into the line while it is under its cap. */
  const admit = (client: ClientState) => {
    while (client.admitted < limits.perClient && client.waiting.length > 0) {
      client.admitted += 1;
      line.push(client.waiting.shift()!);
    }
  };

  /** Starts jobs from the front of the line while there is room. */
  const pump = () => {
    while (running < limits.concurrency && line.length > 0) {
      const waiter = line.shift()!;
      waiting -= 1;
      running += 1;
      clearTimeout(waiter.timer);
      waiter.start();
    }
  };

  /** A job that gave up waiting (timed out) leaves the line or its client's queue. */
  const withdraw = (waiter: Waiter) => {
    const client = waiter.client;
    const inLine = line.indexOf(waiter);
    if (inLine >= 0) {
      line.splice(inLine, 1);
      client.admitted -= 1;
      admit(client);
    } else {
      const queued = client.waiting.indexOf(waiter);
      if (queued < 0) return;
      client.waiting.splice(queued, 1);
    }
    waiting -= 1;
    forget(client);
  };

  async function run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const client = clients.get(key) ?? { key, admitted: 0, waiting: [] };
    clients.set(key, client);
    if (client.admitted >= limits.perClient && client.waiting.length >= limits.perClientQueue) {
      throw new LimitExceeded("client", limits.retryAfterSeconds, `${limits.perClient + limits.perClientQueue} images are already being made for this client`);
    }
    const mustWait = client.admitted >= limits.perClient || running >= limits.concurrency;
    if (mustWait && waiting >= limits.queue) {
      forget(client);
      throw new LimitExceeded("server", limits.retryAfterSeconds, "Too many images are being made");
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { client, start: resolve, refuse: reject };
      waiting += 1;
      if (client.admitted < limits.perClient) {
        client.admitted += 1;
        line.push(waiter);
      } else {
        client.waiting.push(waiter);
      }
      pump();
      if (line.includes(waiter) || client.waiting.includes(waiter)) {
        waiter.timer = setTimeout(() => {
          withdraw(waiter);
          pump();
          waiter.refuse(new LimitExceeded("server", limits.retryAfterSeconds, `No turn within ${limits.maxWaitMs} ms`));
        }, limits.maxWaitMs);
        waiter.timer.unref?.();
      }
    });
    try {
      return await job();
    } finally {
      running -= 1;
      client.admitted -= 1;
      admit(client);
      forget(client);
      pump();
    }
  }

  return { run, stats: () => ({ running, waiting, clients: clients.size }) };
}
