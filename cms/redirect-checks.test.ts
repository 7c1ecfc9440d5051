import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { redirectTargetError, redirectTargetWarning, storefrontPathStatus, type PathStatus } from "./redirect-checks";

const rules = [
  { from: "/x", to: "/y", permanent: false },
  { from: "/b", to: "/a", permanent: true },
  { from: "/c", to: "/a/", permanent: true },
];
const others = async () => rules;
const answering = (status: PathStatus | null) => async () => status;

describe("redirectTargetError", () => {
  it("refuses a bad shape, itself, a loop and a chain with their messages", async () => {
    expect(await redirectTargetError("blog", "/a", others, answering(null))).toBe("Use a site path starting with / or a full http(s):// URL.");
    expect(await redirectTargetError("/a", "/a", others, answering(null))).toBe("A redirect cannot point at itself.");
    expect(await redirectTargetError("/b", "/a", others, answering(null))).toMatch(/^This makes a loop: \/a → \/b → \/a\./);
    expect(await redirectTargetError("/x", "/a", others, answering(null))).toBe("Points at /x, which redirects again to /y: point straight at /y.");
  });

  it("refuses a target the storefront answers 404 for, and accepts one it serves or cannot be asked about", async () => {
    expect(await redirectTargetError("/gone", "/a", others, answering({ status: 404, location: null }))).toBe("The storefront answers 404 (page not found) for /gone: point at a page that exists.");
    expect(await redirectTargetError("/blog", "/a", others, answering({ status: 200, location: null }))).toBeNull();
    expect(await redirectTargetError("/blog", "/a", others, answering(null))).toBeNull();
    expect(await redirectTargetError("/gone", undefined, others, answering({ status: 404, location: null }))).toMatch(/^The storefront answers 404/);
  });

  it("leaves absolute URLs alone (no loop, chain or storefront check)", async () => {
    let asked = false;
    expect(await redirectTargetError("https://example.com/x", "/a", others, async () => ((asked = true), null))).toBeNull();
    expect(asked).toBe(false);
  });
});

describe("redirectTargetWarning", () => {
  it("warns when the storefront cannot be asked, rather than refusing", async () => {
    expect(await redirectTargetWarning("/blog", "/q", others, answering(null))).toMatch(/^Could not ask the storefront/);
    expect(await redirectTargetWarning("/blog", "/q", others, answering({ status: 200, location: null }))).toBeNull();
  });

  it("warns about rules already pointing at this rule's path", async () => {
    expect(await redirectTargetWarning("/blog", "/a", others, answering({ status: 200, location: null }))).toBe(
      "/b, /c already redirect to /a, so they will chain through this rule: point them straight at /blog.",
    );
  });
});

describe("storefrontPathStatus", () => {
  let server: Server;
  let base: string;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === `/api/path-status?path=${encodeURIComponent("/missing")}`) return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ status: 404, location: null }));
      res.writeHead(429, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "rate-limited" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the storefront's answer once for a burst of checks", async () => {
    const [first, second] = await Promise.all([storefrontPathStatus("/missing", { storefrontUrl: base }), storefrontPathStatus("/missing", { storefrontUrl: base })]);
    expect(first).toEqual({ status: 404, location: null });
    expect(second).toEqual(first);
    expect(hits).toBe(1);
  });

  it("answers null when the storefront refuses or cannot be reached", async () => {
    expect(await storefrontPathStatus("/other", { storefrontUrl: base })).toBeNull();
    expect(await storefrontPathStatus("/x", { storefrontUrl: "http://127.0.0.1:9" })).toBeNull();
  });
});
