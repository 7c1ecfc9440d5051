import { consentSetCookie, readConsent } from "./consent.server";

describe("cookie-banner answer", () => {
  it("reads granted or denied, and nothing else, from a Cookie header", () => {
    expect(readConsent(null)).toBeNull();
    expect(readConsent("rihla_consent=granted")).toBe("granted");
    expect(readConsent("a=1; rihla_consent=denied; b=2")).toBe("denied");
    expect(readConsent("rihla_consent=yes")).toBeNull();
    expect(readConsent("not_rihla_consent=granted")).toBeNull();
    expect(readConsent("rihla_consent=grantedx")).toBeNull();
  });

  it("stores an answer for 365 days; a reset forgets it", () => {
    expect(consentSetCookie("granted", { secure: false })).toBe("rihla_consent=granted; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    expect(consentSetCookie("denied", { secure: true })).toBe("rihla_consent=denied; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure");
    expect(consentSetCookie(null, { secure: false })).toContain("Max-Age=0");
  });
});
