import { readFileSync } from "node:fs";
import { AUTH_ERRORS, ForgotPasswordSchema, LoginSchema, parseAuthForm, ResetPasswordSchema, SignUpSchema } from "./schemas";

const english = JSON.parse(readFileSync("app/locales/en/account.json", "utf8")) as { account: { errors: Record<string, string> } };
const text = (key: string) => english.account.errors[key.replace("account.errors.", "")];
type Errors = Record<string, string[] | null> | undefined;
// The union type of a submission only has `error` on its failed side; tests read it either way.
const errorsOf = (submission: unknown): Errors => (submission as { error?: Errors }).error;
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

describe("the specification's messages", () => {
  test("English texts are exactly the specification's", () => {
    expect(text(AUTH_ERRORS.allFields)).toBe("All fields must be filled out.");
    expect(text(AUTH_ERRORS.passwordLength)).toBe("Password must be at least 8 characters");
    expect(text(AUTH_ERRORS.passwordMatch)).toBe("the password and confirm password fields must match.");
    expect(text(AUTH_ERRORS.email)).toBe("This format is not correct.");
    expect(text(AUTH_ERRORS.required)).toBe("Required Field");
    expect(text(AUTH_ERRORS.passwordIncorrect)).toBe('Your password is incorrect. Please try again or click the "Forgot password?" link.');
  });

  test("an empty sign-up form: every field required, and 'All fields must be filled out.'", () => {
    const submission = parseAuthForm(form({}), SignUpSchema);
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)?.name).toEqual([AUTH_ERRORS.required]);
    expect(errorsOf(submission)?.email).toEqual([AUTH_ERRORS.required]);
    expect(errorsOf(submission)?.password).toEqual([AUTH_ERRORS.required]);
    expect(errorsOf(submission)?.[""]).toEqual([AUTH_ERRORS.allFields]);
  });

  test("short password, mismatched confirmation, bad email", () => {
    const submission = parseAuthForm(form({ name: "Omar", email: "omar@", password: "short", confirmPassword: "other" }), SignUpSchema);
    expect(errorsOf(submission)?.email).toEqual([AUTH_ERRORS.email]);
    expect(errorsOf(submission)?.password).toEqual([AUTH_ERRORS.passwordLength]);
    const mismatch = parseAuthForm(form({ name: "Omar", email: "omar@example.com", password: "long-enough", confirmPassword: "long-enougH" }), SignUpSchema);
    expect(errorsOf(mismatch)?.confirmPassword).toEqual([AUTH_ERRORS.passwordMatch]);
    expect(errorsOf(mismatch)?.[""]).toBeUndefined();
  });

  test("valid forms parse; emails are lower-cased, passwords untouched", () => {
    const login = parseAuthForm(form({ email: " Omar@Example.com ", password: " pass " }), LoginSchema);
    expect(login.status).toBe("success");
    if (login.status === "success") expect(login.value).toMatchObject({ email: "omar@example.com", password: " pass " });
    expect(parseAuthForm(form({ email: "a@b.co" }), ForgotPasswordSchema).status).toBe("success");
    expect(parseAuthForm(form({ token: "x".repeat(43), password: "new-password", confirmPassword: "new-password" }), ResetPasswordSchema).status).toBe("success");
    expect(errorsOf(parseAuthForm(form({ token: "short", password: "new-password", confirmPassword: "new-password" }), ResetPasswordSchema))?.token).toEqual([AUTH_ERRORS.tokenInvalid]);
  });
});
