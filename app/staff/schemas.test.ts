import { STAFF_ERRORS, StaffLoginSchema, StaffSetPasswordSchema, parseStaffForm } from "./schemas";

type Errors = Record<string, string[] | null> | undefined;
const errorsOf = (submission: unknown): Errors => (submission as { error?: Errors }).error;
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

// The console's forms follow the storefront's field rules (app/auth/field-rules.ts) in the console's own words.
describe("the console's sign-in forms", () => {
  test("an empty field is required; a too long password is refused", () => {
    const empty = parseStaffForm(form({}), StaffLoginSchema);
    expect(errorsOf(empty)?.email).toEqual([STAFF_ERRORS.required]);
    expect(errorsOf(empty)?.password).toEqual([STAFF_ERRORS.required]);
    const long = parseStaffForm(form({ email: "Noura@Example.com", password: "x".repeat(1025) }), StaffLoginSchema);
    expect(errorsOf(long)?.password).toEqual([STAFF_ERRORS.tooLong]);
    const ok = parseStaffForm(form({ email: " Noura@Example.com ", password: " spaced " }), StaffLoginSchema);
    expect(ok.status === "success" ? ok.value : null).toEqual({ email: "noura@example.com", password: " spaced " });
  });

  test("a new password: at least eight characters, typed twice alike", () => {
    expect(errorsOf(parseStaffForm(form({ password: "short", confirmPassword: "short" }), StaffSetPasswordSchema))?.password).toEqual([STAFF_ERRORS.passwordLength]);
    expect(errorsOf(parseStaffForm(form({}), StaffSetPasswordSchema))?.password).toEqual([STAFF_ERRORS.required]);
    expect(errorsOf(parseStaffForm(form({ password: "long-enough", confirmPassword: "long-enougH" }), StaffSetPasswordSchema))?.confirmPassword).toEqual([STAFF_ERRORS.passwordMatch]);
    expect(parseStaffForm(form({ password: "long-enough", confirmPassword: "long-enough" }), StaffSetPasswordSchema).status).toBe("success");
  });

  test("a bad address is named as such", () => {
    expect(errorsOf(parseStaffForm(form({ email: "noura@", password: "x" }), StaffLoginSchema))?.email).toEqual([STAFF_ERRORS.email]);
  });
});
