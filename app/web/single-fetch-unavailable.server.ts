/**
 * The database-outage answer (app/db/outage.server.ts) in single fetch's format (docs/decisions/055).
 *
 * With single fetch a page's hydration state and a client navigation's data travel as turbo-stream,
 * encoded by Remix before our entry sees the response. When a request met the database gone away, its
 * 5xx route errors become 503 route error responses (the translated "try again shortly" screen, never a
 * stack): the data response is decoded, its errors replaced and encoded again; a document's hydration
 * state is encoded again from the server render's (already replaced) errors. Only on that path: every
 * other response passes through untouched.
 *
 * The plugins mirror Remix's own encoder and decoder (server-runtime `encodeViaTurboStream`, react
 * `decodeViaTurboStream`, both turbo-stream 2.4): what the browser decodes is what Remix would send.
 */
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "@remix-run/router";
import { decode, encode } from "turbo-stream";

export const UNAVAILABLE_STATUS_TEXT = "Service Unavailable";

/** A 503 route error response, as loaders' errors are in a data response. */
export function unavailableRouteError(): ErrorResponseImpl {
  return new ErrorResponseImpl(503, UNAVAILABLE_STATUS_TEXT, null);
}

/** Whether an error stays as it is: a 4xx route error response is the client's own mistake, not the outage. */
function isClientError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status < 500;
  const serialized = error as { __type?: string; status?: number } | null;
  return serialized?.__type === "RouteErrorResponse" && (serialized.status ?? 500) < 500;
}

function encodeAsRemix(value: unknown): ReadableStream<Uint8Array> {
  return encode(value, {
    plugins: [
      (item: unknown) => {
        // Already sanitized by Remix (production): only the name and message are kept.
        if (item instanceof Error) return ["SanitizedError", item.name, item.message, undefined];
        if (item instanceof ErrorResponseImpl) return ["ErrorResponse", item.data, item.status, item.statusText];
        return undefined;
      },
    ],
    postPlugins: [(item: unknown) => (item && typeof item === "object" ? ["SingleFetchClassInstance", Object.fromEntries(Object.entries(item))] : undefined), () => ["SingleFetchFallback"]],
  });
}

async function decodeAsRemix(body: ReadableStream<Uint8Array>): Promise<unknown> {
  const decoded = await decode(body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SanitizedError") {
          const error = new Error(String(rest[1] ?? ""));
          error.name = String(rest[0] ?? "Error");
          return { value: error };
        }
        if (type === "ErrorResponse") return { value: new ErrorResponseImpl(rest[1] as number, rest[2] as string, rest[0]) };
        return undefined;
      },
      (type: string, value: unknown) => {
        if (type === "SingleFetchFallback") return { value: undefined };
        if (type === "SingleFetchClassInstance") return { value };
        return undefined;
      },
    ],
  });
  return decoded.value;
}

type RouteResult = { data?: unknown; error?: unknown };

/** Replaces the 5xx errors of a single-fetch result (`{routeId: {data}|{error}}` for loaders, `{data}|{error}` for an action). */
function replaceServerErrors(results: unknown): void {
  if (!results || typeof results !== "object") return;
  const entries: RouteResult[] = "error" in results || "data" in results ? [results as RouteResult] : (Object.values(results) as RouteResult[]);
  for (const result of entries) {
    if (result && typeof result === "object" && "error" in result && !isClientError(result.error)) result.error = unavailableRouteError();
  }
}

/** A single-fetch data response (`*.data`) that met the outage, as a 503 whose route errors are 503s. */
export async function unavailableDataResponse(response: Response, retryAfterSeconds: number): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(retryAfterSeconds));
  headers.set("Cache-Control", "no-store");
  headers.set("Content-Type", "text/x-script");
  let results: unknown = {};
  try {
    if (response.body) results = await decodeAsRemix(response.body);
  } catch {
    // Unreadable: the browser then shows its generic error screen, still with the 503 status.
  }
  replaceServerErrors(results);
  return new Response(encodeAsRemix(results), { status: 503, statusText: UNAVAILABLE_STATUS_TEXT, headers });
}

/** The hydration state of a document whose errors were replaced (server render's `staticHandlerContext`). */
export function hydrationStateStream(context: { loaderData: unknown; actionData: unknown; errors: Record<string, unknown> | null }): ReadableStream<Uint8Array> {
  const errors = context.errors
    ? Object.fromEntries(Object.entries(context.errors).map(([id, error]) => [id, isRouteErrorResponse(error) ? { ...error, __type: "RouteErrorResponse" } : error]))
    : null;
  return encodeAsRemix({ loaderData: context.loaderData, actionData: context.actionData, errors });
}
