import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { translateMessage } from "~/lib/i18n";

/**
 * A labelled text input bound to a conform field (the design system's Input): its errors (i18n keys or
 * upstream texts) beside it. Fields are marked aria-required rather than `required`, so that without
 * JavaScript the server's messages (in the user's language) show, not the browser's own bubbles.
 */
export function TextField({
  field,
  label,
  type = "text",
  hint,
  ...inputProps
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password";
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "size">) {
  const { t } = useTranslation();
  const { key, ...props } = getInputProps(field, { type, ariaAttributes: false });
  const errors = field.errors ?? [];
  return (
    <Input
      key={key}
      {...props}
      {...inputProps}
      id={field.id}
      label={label}
      hint={hint}
      aria-required={inputProps["aria-required"] ?? true}
      error={
        errors.length > 0
          ? errors.map((error) => (
              <span key={error} className="block">
                {translateMessage(t, error)}
              </span>
            ))
          : undefined
      }
    />
  );
}

/** A 6-digit authenticator code (TOTP): numeric keyboard, one-time-code autofill, at most 6 digits. */
export function TotpCodeField(props: Omit<Parameters<typeof TextField>[0], "type" | "inputMode" | "autoComplete" | "pattern" | "maxLength">) {
  return <TextField {...props} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} />;
}

/** Form-level errors (e.g. "Invalid email or password."), announced when they appear. */
export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  const { t } = useTranslation();
  if (!errors || errors.length === 0) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-error bg-error-subtle px-3 py-2 text-sm text-error">
      {errors.map((error) => (
        <p key={error}>{translateMessage(t, error)}</p>
      ))}
    </div>
  );
}

export function SubmitButton({ children, pending, className, variant }: { children: ReactNode; pending?: boolean; className?: string; variant?: ButtonProps["variant"] }) {
  return (
    <Button type="submit" size="lg" loading={pending} className={className} variant={variant}>
      {children}
    </Button>
  );
}
