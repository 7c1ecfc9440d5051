import { describe, expect, it } from "vitest";
import { holdScriptsUntilPaint, RELEASE_CAP_MS } from "#app/lib/scripts-after-paint.server";

// What Remix's <Scripts> writes at the end of the body (shortened).
const REMIX_SCRIPTS =
  '<script nonce="abc">window.__remixContext = {};</script>' +
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/build/root-C.js";\nimport("/build/entry.client-A.js");</script>';

describe("holdScriptsUntilPaint", () => {
  const html = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><main>Hello</main>${REMIX_SCRIPTS}</body></html>`;
  const held = holdScriptsUntilPaint(html);

  it("leaves the preloads and the module script in place, inert", () => {
    expect(held).not.toContain('rel="modulepreload"');
    expect(held).toContain('<link rel="rihla-modulepreload" href="/build/entry.client-A.js"/><link rel="rihla-modulepreload" href="/build/_shared/chunk-B.js"/>');
    expect(held).not.toContain('type="module"');
    expect(held).toContain('<script nonce="abc" type="rihla-module" async="">import * as route0 from "/build/root-C.js";\nimport("/build/entry.client-A.js");</script>');
  });

  it("follows the module script with the releaser, under the same nonce", () => {
    const releaser = /<\/script><script nonce="abc">\((function[^]*)\)\((\d+), "rihla-modulepreload", "rihla-module"\)<\/script><\/body>/.exec(held);
    expect(releaser).not.toBeNull();
    expect(Number(releaser![2])).toBe(RELEASE_CAP_MS);
    // Its source is what the browser runs: it must parse as plain JavaScript, with no build helpers.
    expect(() => new Function(`return (${releaser![1]})`)).not.toThrow();
    expect(releaser![1]).not.toMatch(/__name|__publicField|require\(/);
  });

  it("leaves everything else as it was", () => {
    expect(
      held
        .replace(/<script nonce="abc">\(function[^]*?<\/script><\/body>/, "</body>")
        .replaceAll("rihla-modulepreload", "modulepreload")
        .replace("rihla-module", "module"),
    ).toBe(html);
  });

  it("changes nothing without Remix's module script (a streamed chunk, a page without scripts)", () => {
    const chunk = '<div hidden id="S:0"><link rel="modulepreload" href="/x.js"/></div><script>$RC("B:0","S:0")</script>';
    expect(holdScriptsUntilPaint(chunk)).toBe(chunk);
  });

  it("holds a module script without a nonce too", () => {
    const withoutNonce = holdScriptsUntilPaint(REMIX_SCRIPTS.replaceAll(' nonce="abc"', ""));
    expect(withoutNonce).toContain('<script type="rihla-module" async="">');
    expect(withoutNonce).toMatch(/<\/script><script>\(function/);
  });
});
