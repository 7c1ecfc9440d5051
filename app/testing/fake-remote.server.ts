/**
 * A local HTTP server standing in for a remote API in tests (Sentry's ingest, Stripe, Sanity): each
 * request is answered once its whole body has arrived. Nothing leaves the machine.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRemote {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

export type FakeRemoteAnswer = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void | Promise<void>;

export async function startFakeRemote(answer: FakeRemoteAnswer): Promise<FakeRemote> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => void answer(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
