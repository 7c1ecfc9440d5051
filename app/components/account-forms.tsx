/**
 * The storefront's account pages (log in, sign up, forgot and reset password): one page frame, the
 * sentence that leads to the other form, and the new-password pair with the storefront's length rule.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MIN_PASSWORD_LENGTH } from "#app/auth/field-rules";
import { NewPasswordFields } from "#app/components/conform-fields";
import { LocalizedLink } from "#app/components/localized-link";

export function AuthPage({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <section className="container page auth-page">
      <h1>{heading}</h1>
      {children}
    </section>
  );
}

/** "No account yet? Sign up": a sentence and the link to the other form. */
export function AuthSwitch({ text, link, to }: { text: ReactNode; link: ReactNode; to: string }) {
  return (
    <p>
      {text} <LocalizedLink to={to}>{link}</LocalizedLink>
    </p>
  );
}

/** A customer's new password and its confirmation, the length rule under the first. */
export function AccountPasswordFields({ password, confirmPassword, passwordLabel }: { password: FieldMetadata<unknown>; confirmPassword: FieldMetadata<unknown>; passwordLabel: string }) {
  const { t } = useTranslation();
  return (
    <NewPasswordFields
      password={password}
      confirmPassword={confirmPassword}
      labels={{ password: passwordLabel, confirm: t("account.fields.confirmPassword") }}
      hint={t("account.fields.passwordHint", { count: MIN_PASSWORD_LENGTH })}
    />
  );
}
