/**
 * The local operator channel: how a command-line tool reaches the running server, so `staff:add`,
 * `octo:key` and the like work while the store runs (PGlite lets only one process open its folder;
 * with PostgreSQL it also keeps one code path). At start the server writes DATA_DIR/ops.json with its
 * loopback URL, its pid and a fresh random token (file mode 0600: only the account running the store
 * can read it). The endpoint answers only connections from the loopback interface that present that
 * token; anything else gets a bare 404, as if it did not exist.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "#app/lib/env.server";
import { runOperatorCommandIn, type OperatorDeps } from "./commands.server";

export const OPS_PATH = "/_ops/command";

export type OpsFile = { url: string; token: string; pid: number };

export function opsFilePath(env: Pick<Env, "DATA_DIR">): string {
  return path.resolve(env.DATA_DIR, "ops.json");
}

/**
 * Which database a process works on, as the command line and the server compare it: a PostgreSQL
 * URL without its password, or the embedded database's folder. A command given another database
 * than the running server's is refused rather than carried out on the server's.
 */
export function databaseIdentity(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): string {
  if (!env.DATABASE_URL) return `pglite:${path.resolve(env.DATA_DIR, "pglite")}`;
  try {
    const url = new URL(env.DATABASE_URL);
    return `postgres://${decodeURIComponent(url.username)}@${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "postgres:unparsable";
  }
}

export function readOpsFile(env: Pick<Env, "DATA_DIR">): OpsFile | null {
  try {
    const value = JSON.parse(readFileSync(opsFilePath(env), "utf8")) as Partial<OpsFile>;
    return typeof value.url === "string" && typeof value.token === "string" && typeof value.pid === "number" ? { url: value.url, token: value.token, pid: value.pid } : null;
  } catch {
    return null;
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type NodeRequest = { method?: string; headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string }; body?: unknown };
type NodeResponse = { status(code: number): NodeResponse; json(body: unknown): void; type(value: string): NodeResponse; send(body: string): void };

export type OperatorChannel = {
  /**
   * Express middleware for OPS_PATH, before the body parser: anyone but a loopback caller with the
   * token gets the bare 404 before a byte of the body is read, so a stranger's malformed or oversized
   * body cannot tell (by a 400 or 413) that the endpoint exists.
   */
  authorize(req: NodeRequest, res: NodeResponse, next: () => void): void;
  /** Express handler for POST OPS_PATH (mount it after `authorize` and a JSON body parser, before the Remix handler). */
  handle(req: NodeRequest, res: NodeResponse): Promise<void>;
  /** Writes DATA_DIR/ops.json once the server listens on `port`. */
  publish(port: number): void;
  /** Removes the file (at shutdown), if it is still ours. */
  unpublish(): void;
};

export function createOperatorChannel(deps: OperatorDeps & { env: Pick<Env, "DATA_DIR" | "SITE_URL" | "DATABASE_URL"> }): OperatorChannel {
  const token = randomBytes(32).toString("base64url");
  const file = opsFilePath(deps.env);
  const allowed = (req: NodeRequest) => {
    const authorization = req.headers.authorization;
    const given = typeof authorization === "string" && authorization.startsWith("Bearer ") ? authorization.slice(7) : "";
    return req.method === "POST" && isLoopback(req.socket.remoteAddress) && sameToken(given, token);
  };
  const notFound = (res: NodeResponse) => res.status(404).type("text/plain").send("Not Found");
  return {
    authorize(req, res, next) {
      if (allowed(req)) next();
      else notFound(res);
    },
    async handle(req, res) {
      if (!allowed(req)) {
        notFound(res);
        return;
      }
      const body = (req.body ?? {}) as { command?: unknown; args?: unknown; database?: unknown };
      const args = typeof body.args === "object" && body.args !== null ? (body.args as Record<string, unknown>) : {};
      if (typeof body.command !== "string") {
        res.status(400).json({ ok: false, output: "command missing" });
        return;
      }
      const own = databaseIdentity(deps.env);
      if (body.database !== own) {
        const given = typeof body.database === "string" ? body.database : "none";
        res.status(409).json({ ok: false, output: `The running server (pid ${process.pid}) uses ${own}, not ${given} as this command was given: check DATABASE_URL and DATA_DIR. Nothing was done.` });
        return;
      }
      try {
        const result = await runOperatorCommandIn(deps, body.command, args);
        res.status(result.ok ? 200 : 400).json(result);
      } catch (error) {
        console.error("[ops]", error);
        res.status(500).json({ ok: false, output: "The command failed; see the server log." });
      }
    },
    publish(port) {
      mkdirSync(path.dirname(file), { recursive: true });
      const content: OpsFile = { url: `http://127.0.0.1:${port}`, token, pid: process.pid };
      writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
    },
    unpublish() {
      if (readOpsFile(deps.env)?.token === token) rmSync(file, { force: true });
    },
  };
}
