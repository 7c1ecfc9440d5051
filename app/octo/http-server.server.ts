/**
 * A bare node:http server for the OCTO router, with no Remix or Express in between: the HTTP
 * contract tests and the two-process booking test run a supplier on its own database with it.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleOctoRequest, type OctoContext } from "./router.server";

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = message.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(new URL(message.url ?? "/", origin), { method, headers, body });
}

/** Listens on 127.0.0.1 (a free port unless given); resolves with the origin and a close function. */
export async function startOctoServer(context: OctoContext, port = 0): Promise<{ origin: string; server: Server; close(): Promise<void> }> {
  let origin = "";
  const server = createServer((message, reply) => {
    toRequest(message, origin)
      .then((request) => handleOctoRequest(request, context))
      .then(async (response) => {
        reply.writeHead(response.status, Object.fromEntries(response.headers));
        reply.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        console.error("[octo] http adapter", error);
        reply.writeHead(500, { "Content-Type": "application/json" });
        reply.end(JSON.stringify({ error: "INTERNAL_SERVER_ERROR", errorMessage: "There was an unrecoverable error; please try again" }));
      });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
