import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { createRenderGate, renderConcurrency } from "./render-gate.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A response: only what the gate uses (its "close" event and writeHead). */
function response() {
  const res = new EventEmitter();
  res.heads = 0;
  res.writeHead = () => {
    res.heads += 1;
    return res;
  };
  return res;
}

describe("createRenderGate", () => {
  it("lets one request in at a time, in arrival order, each on a later turn of the loop", async () => {
    const gate = createRenderGate({ concurrency: 1 });
    const started = [];
    const responses = [response(), response(), response()];
    responses.forEach((res, index) => gate({}, res, () => started.push(index)));
    expect(started).toEqual([0]);
    expect(gate.waiting).toBe(2);
    responses[0].emit("close");
    expect(started).toEqual([0]);
    await nextTurn();
    expect(started).toEqual([0, 1]);
    responses[1].emit("close");
    await nextTurn();
    expect(started).toEqual([0, 1, 2]);
    responses[2].emit("close");
    expect(gate.active).toBe(0);
  });

  it("drops a waiting request whose client left, without rendering it", async () => {
    const gate = createRenderGate({ concurrency: 1 });
    const started = [];
    const responses = [response(), response(), response()];
    responses.forEach((res, index) => gate({}, res, () => started.push(index)));
    responses[1].emit("close");
    expect(gate.waiting).toBe(1);
    responses[0].emit("close");
    await nextTurn();
    expect(started).toEqual([0, 2]);
  });

  it("frees the turn of a request whose client left after being let in but before it started", async () => {
    const gate = createRenderGate({ concurrency: 1 });
    const started = [];
    const responses = [response(), response(), response()];
    responses.forEach((res, index) => gate({}, res, () => started.push(index)));
    responses[0].emit("close");
    // Request 1 is let in (its start is scheduled); its client leaves before the start runs.
    responses[1].emit("close");
    await nextTurn();
    await nextTurn();
    expect(started).toEqual([0, 2]);
    expect(gate.active).toBe(1);
  });

  it("lets the next request in once the head of the response goes out (a deferred part streams after)", async () => {
    const gate = createRenderGate({ concurrency: 1 });
    const started = [];
    const responses = [response(), response()];
    responses.forEach((res, index) => gate({}, res, () => started.push(index)));
    responses[0].writeHead(200);
    expect(responses[0].heads).toBe(1);
    await nextTurn();
    expect(started).toEqual([0, 1]);
    // Its close later does not free a second turn.
    responses[0].emit("close");
    expect(gate.active).toBe(1);
  });

  it("lets the next request in beside one that has not sent its head after slotMs (waiting on an upstream)", async () => {
    const gate = createRenderGate({ concurrency: 1, slotMs: 20 });
    const started = [];
    const responses = [response(), response()];
    responses.forEach((res, index) => gate({}, res, () => started.push(index)));
    expect(started).toEqual([0]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(started).toEqual([0, 1]);
    // The slow one finishing later does not free a second turn.
    responses[0].emit("close");
    expect(gate.active).toBe(1);
  });

  it("runs up to `concurrency` requests at once", () => {
    const gate = createRenderGate({ concurrency: 2 });
    const started = [];
    [response(), response(), response()].forEach((res, index) => gate({}, res, () => started.push(index)));
    expect(started).toEqual([0, 1]);
    expect(gate.active).toBe(2);
    expect(gate.waiting).toBe(1);
  });
});

describe("renderConcurrency", () => {
  it("reads RENDER_CONCURRENCY: 1 by default, off or 0 for no gate", () => {
    expect(renderConcurrency({})).toBe(1);
    expect(renderConcurrency({ RENDER_CONCURRENCY: "3" })).toBe(3);
    expect(renderConcurrency({ RENDER_CONCURRENCY: "off" })).toBe(0);
    expect(renderConcurrency({ RENDER_CONCURRENCY: "0" })).toBe(0);
    expect(renderConcurrency({ RENDER_CONCURRENCY: "lots" })).toBe(1);
  });
});
