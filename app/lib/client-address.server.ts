import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "./env.server";

/**
 * Which X-Forwarded-For to believe. Express's `trust proxy` takes the number of proxy hops in front of
 * the server (TRUST_PROXY, default 0 = none); `req.ip` is then the client as the nearest trusted proxy
 * saw it, and a header the client forged itself is ignored.
 */
export function trustProxyHops(env: Pick<Env, "TRUST_PROXY">): number {
  return env.TRUST_PROXY;
}

type ExpressRequest = IncomingMessage & { ip?: string; app?: { get(setting: string): unknown } };

/** Forwarding headers that say what the client asked for (host, scheme, port): believed only from a trusted proxy. */
const FORWARDED_REQUEST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/** Whether Express trusts the peer as a proxy (TRUST_PROXY > 0): its own rule for X-Forwarded-Host. */
function peerIsTrustedProxy(req: ExpressRequest): boolean {
  const trust = req.app?.get("trust proxy fn");
  return typeof trust === "function" && trust(req.socket.remoteAddress, 0) === true;
}

/**
 * Replaces the forwarding headers with the one address Express trusts, so the rate limiters (which read
 * X-Forwarded-For) count per real client: a forged header cannot buy a fresh bucket. Without a trusted
 * proxy in front, X-Forwarded-Host, -Proto, -Port and Forwarded are dropped too: the Remix adapter
 * reads X-Forwarded-Host's port whatever `trust proxy` says, and nothing after this should see a
 * host or scheme the client made up.
 */
export function trustedClientAddress(req: IncomingMessage, _res: ServerResponse, next: () => void) {
  const address = (req as ExpressRequest).ip ?? req.socket.remoteAddress ?? "unknown";
  req.headers["x-forwarded-for"] = address;
  delete req.headers["x-real-ip"];
  if (!peerIsTrustedProxy(req as ExpressRequest)) for (const name of FORWARDED_REQUEST_HEADERS) delete req.headers[name];
  next();
}

/**
 * The client's address, for rate limits. server.js replaces X-Forwarded-For with the one address
 * Express trusts (TRUST_PROXY hops, trustedClientAddress above), so a forged header changes nothing.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("X-Real-IP")?.trim() || "unknown";
}

/**
 * The same for a Node request (the image server runs before Remix): the address trustedClientAddress
 * left in X-Forwarded-For, else the socket's peer.
 */
export function clientAddressOfNodeRequest(req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first || req.socket.remoteAddress || "unknown";
}
