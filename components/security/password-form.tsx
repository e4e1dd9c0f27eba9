"use client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormError, FormField, requestResolver, submitRequest } from "@/components/ui/form";
import { useChangePassword } from "@/components/hooks/use-security";

type Values = { current_password: string; new_password: string };

const fields = {
  current_password: { field: "current_password", words: "The current password" },
  new_password: { field: "new_password", words: "The new password" },
} as const;

function loadSchema() {
  return import("@/lib/schemas/security").then((module) => module.changePasswordRequestSchema);
}

const resolver = requestResolver<Values, Awaited<ReturnType<typeof loadSchema>>>({
  schema: () => loadSchema(),
  toRequest: (values) => values,
  fields,
  precheck: (values) => ({
    current_password: values.current_password ? undefined : "Enter your current password",
    new_password:
      [...values.new_password].length < 12 ? "The new password must have at least 12 characters" : undefined,
  }),
});

/** Changing the password: every other session ends; this one stays signed in. */
export function PasswordForm() {
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver,
    shouldFocusError: false,
    defaultValues: { current_password: "", new_password: "" },
  });
  const submit = submitRequest(form, fields, async (request) => {
    setDone(false);
    await change.mutateAsync(request);
    form.reset();
    setDone(true);
  });
  return (
    <form onSubmit={submit} onFocus={() => void loadSchema()} noValidate aria-label="Change your password">
      <div className="stack">
        {done ? (
          <p className="notice notice--success" role="status">
            Your password is changed. You were signed out everywhere else.
          </p>
        ) : null}
        <FormField form={form} name="current_password" label="Current password">
          {(props) => <input {...props} type="password" autoComplete="current-password" />}
        </FormField>
        <FormField
          form={form}
          name="new_password"
          label="New password"
          hint="12 to 128 characters; not a common or breached password."
        >
          {(props) => <input {...props} type="password" autoComplete="new-password" />}
        </FormField>
        <FormError form={form} />
        <div>
          <button type="submit" className="btn btn--primary" disabled={change.isPending}>
            {change.isPending ? "Changing…" : "Change password"}
          </button>
        </div>
      </div>
    </form>
  );
}
