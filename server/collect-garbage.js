// @ts-check
// A full garbage collection, for the server to run once its start-up work is done (server.js).
//
// Why: V8 collects when allocation asks for it, never because a process went idle. Building the catalogue
// index reads every product and leaves the garbage of that read in the heap; a server that then waits for
// its first visitor keeps it all as resident memory. At 100,000 experiences on PGlite the heap stood at
// 470 MB committed for 190 MB in use, and the process at 860 MB RSS; after one collection, under 600 MB.
import { Session } from "node:inspector";

/**
 * Collects all the garbage it can and gives the freed heap back to the system: what the inspector's
 * "collect garbage" does (several passes, compacting), through an in-process session, so the process
 * needs neither --expose-gc nor --inspect (--expose-gc's gc() is one pass and gave back less). Resolves
 * when done; never rejects (a node built without the inspector just skips it). The session is closed on
 * a later turn: closing it inside its own reply's callback stalls the event loop.
 * @returns {Promise<void>}
 */
export function collectGarbage() {
  return new Promise((resolve) => {
    let session;
    try {
      session = new Session();
      session.connect();
    } catch {
      resolve();
      return;
    }
    const connected = session;
    connected.post("HeapProfiler.collectGarbage", () =>
      setImmediate(() => {
        connected.disconnect();
        resolve();
      }),
    );
  });
}
