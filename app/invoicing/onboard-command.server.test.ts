/** `npm run zatca -- onboard` as the operator runs it: through the operator command, against a local fake of Fatoora. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/db/schema";
import { runOperatorCommandIn } from "#app/ops/commands.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { startFakeFatoora, type FakeFatoora } from "#app/testing/fake-fatoora.server";

let ctx: TestContext;
let fatoora: FakeFatoora;
beforeAll(async () => {
  ctx = await createTestContext();
  fatoora = await startFakeFatoora({ now: () => ctx.clock.now() });
});
afterAll(async () => {
  await fatoora?.close();
  await ctx?.stop();
});

describe("zatca:onboard", () => {
  it("refuses without ZATCA_KEY, then onboards, audits, and tells the certificate's end; status shows it", async () => {
    const env = { ...ctx.env, ZATCA_API_URL: fatoora.origin, ZATCA_KEY: undefined };
    const deps = { db: ctx.db, database: ctx.database, env, clock: ctx.clock };
    expect(await runOperatorCommandIn(deps, "zatca:onboard", { status: true })).toMatchObject({ ok: true, output: expect.stringContaining("is not onboarded") });
    expect(await runOperatorCommandIn(deps, "zatca:onboard", { otp: fatoora.otp })).toMatchObject({ ok: false, output: expect.stringContaining("ZATCA_KEY is not set") });
    const keyed = { ...deps, env: { ...env, ZATCA_KEY: "k".repeat(40) } };
    expect(await runOperatorCommandIn(keyed, "zatca:onboard", { otp: "000000" })).toMatchObject({ ok: false, output: expect.stringContaining("Invalid-OTP") });
    const done = await runOperatorCommandIn(keyed, "zatca:onboard", { otp: fatoora.otp, branch: "Jeddah" });
    expect(done).toMatchObject({ ok: true, output: expect.stringContaining("onboarded with ZATCA (simulation)") });
    expect(done.output).not.toMatch(/PRIVATE KEY|secret/i);
    expect(await runOperatorCommandIn(keyed, "zatca:onboard", { status: true })).toMatchObject({ ok: true, output: expect.stringContaining("certificate valid until") });
    const audited = await ctx.db.select().from(auditLog);
    expect(audited.map((entry) => entry.action)).toContain("zatca.onboarded");
  });
});
