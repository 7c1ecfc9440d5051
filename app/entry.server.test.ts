/**
 * The request edge's answer when the database went away mid-request: Remix hands the error to
 * handleError, and that request's data answer becomes a 503 with Retry-After (never a 500); another
 * request's error, or a bug, keeps its status.
 */
import { handleDataRequest, handleError } from "#app/entry.server";

const request = () => new Request("http://localhost/experiences.data?_routes=routes%2Fexperiences");
const outage = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const env = { env: { SENTRY_DSN: "" } };

test("a request that met the database gone answers 503 with Retry-After", async () => {
  const context = { ...env };
  handleError(outage, { request: request(), params: {}, context } as never);
  const answer = await handleDataRequest(new Response("{}", { status: 500 }), { context });
  expect(answer.status).toBe(503);
  expect(answer.headers.get("Retry-After")).toBe("30");
});

test("another request, and a bug, keep their 500", async () => {
  const context = { ...env };
  const bug = new TypeError("Cannot read properties of undefined");
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  handleError(bug, { request: request(), params: {}, context } as never);
  logged.mockRestore();
  expect((await handleDataRequest(new Response("{}", { status: 500 }), { context })).status).toBe(500);
  expect((await handleDataRequest(new Response("{}", { status: 500 }), { context: { ...env } })).status).toBe(500);
});
