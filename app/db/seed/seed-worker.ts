/**
 * The seed's worker thread: generates the products and encodes their COPY data (chunks.ts) while the
 * seeding thread runs the COPYs. PGlite executes them on that thread, so there generation and COPY
 * would otherwise take turns on one core.
 *
 * Protocol (seed.server.ts): workerData holds the SeedOptions. The parent posts numbers, credits: how
 * many more chunks it takes; the worker posts each chunk (EncodedChunk, its bytes transferred, not
 * copied) and then `null` when there are no more. Credits keep it at most a couple of chunks ahead,
 * so memory holds a few chunks, not the catalogue.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ChunkBuilder, CHUNK_PRODUCTS, type EncodedChunk } from "./chunks";
import { streamProducts, type SeedOptions } from "./generate";

const port = parentPort;
if (!port) throw new Error("seed-worker.ts runs as a worker thread (seed.server.ts starts it)");
const seedOptions = workerData as SeedOptions;

let credits = 0;
let wake: (() => void) | undefined;
port.on("message", (credit: number) => {
  credits += credit;
  wake?.();
});

const send = async (chunk: EncodedChunk) => {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits--;
  port.postMessage(
    chunk,
    chunk.copies.map((copy) => copy.data.buffer),
  );
};

const builder = new ChunkBuilder(seedOptions);
for (const product of streamProducts(seedOptions)) {
  builder.add(product);
  if (builder.size === CHUNK_PRODUCTS) await send(builder.take());
}
if (builder.size > 0) await send(builder.take());
port.postMessage(null);
// Nothing more to receive: let the thread end without the parent having to terminate it.
port.close();
