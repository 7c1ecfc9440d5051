import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import { loader } from "./readyz";

function contextWith(lifecycle: { ready: boolean; draining: boolean }, execute: () => Promise<unknown>): AppLoadContext {
  return { lifecycle, db: { execute } } as unknown as AppLoadContext;
}

const ask = async (context: AppLoadContext) => {
  const response = await loader({ request: new Request("http://localhost/readyz"), params: {}, context });
  return [response.status, await response.text()];
};

describe("/readyz", () => {
  test("ready once started, with the database answering", async () => {
    expect(await ask(contextWith({ ready: true, draining: false }, async () => ({ rows: [] })))).toEqual([200, "ready"]);
  });

  test("not ready before the catalogue index is built, nor from the moment draining begins", async () => {
    expect(await ask(contextWith({ ready: false, draining: false }, async () => ({ rows: [] })))).toEqual([503, "starting"]);
    expect(await ask(contextWith({ ready: true, draining: true }, async () => ({ rows: [] })))).toEqual([503, "draining"]);
  });

  test("a database that hangs (a stuck lock) or fails takes the instance out", async () => {
    expect(await ask(contextWith({ ready: true, draining: false }, () => new Promise(() => undefined)))).toEqual([503, "database not answering"]);
    expect(await ask(contextWith({ ready: true, draining: false }, async () => Promise.reject(new Error("connection refused"))))).toEqual([503, "database unavailable"]);
  });
});
