"use client";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from "react-hook-form";
import { signInWithCredentials } from "@/components/auth/auth-requests";
import {
  FormError,
  FormField,
  FormRefusal,
  requestResolver,
  submitRequest,
  type RequestFields,
} from "@/components/ui/form";
import type { SignInRequest } from "@/lib/schemas/sign-in";

// The rules the credentials provider reads too, and the words for its errors; loaded when the
// form is first used, so zod is not part of the page's first load.
const loadSignIn = () => import("@/lib/schemas/sign-in");

type Values = { email: string; password: string; code: string };

/** Where a checked form goes: the organization's identity provider, or next-auth's credentials flow. */
type SignInStep = { singleSignOn: string } | { credentials: SignInRequest };

const fields = {
  email: { field: "email", words: "The email" },
  password: { field: "password", words: "The password" },
  code: { field: "code", words: "The code" },
} as const satisfies RequestFields<Values>;

/** `needsCode`: the second step, once the password was right and the person has two-factor sign-in. */
function signInResolver(needsCode: boolean): Resolver<Values, unknown, SignInStep> {
  const checkCredentials = requestResolver({
    schema: () => loadSignIn().then((module) => module.signInSchema),
    toRequest: ({ email, password, code }: Values) => ({
      email,
      password,
      code: needsCode ? code : undefined,
    }),
    fields,
  });
  return async (values, context, options): Promise<ResolverResult<Values, SignInStep>> => {
    const { describeSignInError, signInErrors, singleSignOnEmail } = await loadSignIn();
    // No password: the organization's provider signs the person in, if their email's domain is
    // connected (/sso/start sends them there, or back here saying to use the password).
    const ssoEmail = needsCode || values.password !== "" ? null : singleSignOnEmail(values.email);
    if (ssoEmail !== null) return { values: { singleSignOn: ssoEmail }, errors: {} };
    const checked = await checkCredentials(values, context, options);
    if (Object.keys(checked.errors).length > 0) return { values: {}, errors: checked.errors };
    // No errors: the values are what the schema made of them (the email trimmed, "" no code).
    const request = checked.values as SignInRequest;
    if (needsCode && request.code === undefined) {
      const errors: FieldErrors<Values> = {
        code: { type: "validation", message: describeSignInError(signInErrors.codeRequired) },
      };
      return { values: {}, errors };
    }
    return { values: { credentials: request }, errors: {} };
  };
}

/**
 * `initialError`: the sentence for the error next-auth (or single sign-on) sent back in the URL,
 * if any; `initialEmail`: the email single sign-on sent back with it.
 */
export function SignInForm({
  callbackUrl,
  initialError,
  initialEmail = "",
}: {
  callbackUrl: string;
  initialError: string | null;
  initialEmail?: string;
}) {
  const router = useRouter();
  const [needsCode, setNeedsCode] = useState(false);
  // Set once the page is being left (signed in, or off to the provider): the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const resolver = useMemo(() => signInResolver(needsCode), [needsCode]);
  // The URL's error, as the server rendered it, until the next attempt replaces it.
  const [errors] = useState<FieldErrors<Values> | undefined>(() =>
    initialError ? { root: { server: { type: "server", message: initialError } } } : undefined,
  );
  const form = useForm<Values, unknown, SignInStep>({
    resolver,
    shouldFocusError: false,
    errors,
    defaultValues: { email: initialEmail, password: "", code: "" },
  });

  const submit = submitRequest(form, fields, async (step) => {
    if ("singleSignOn" in step) {
      setLeaving(true);
      // /sso/start is a route handler that redirects to another site: a whole page load, not the router's.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/sso/start?${new URLSearchParams({ email: step.singleSignOn, callbackUrl })}`);
      return;
    }
    // Navigate here, to this site's own callbackUrl, rather than where next-auth would.
    const { code, ...credentials } = step.credentials;
    const refused = await signInWithCredentials(
      code === undefined ? credentials : { ...credentials, code },
      callbackUrl,
    );
    if (refused === null) {
      setLeaving(true);
      router.replace(callbackUrl);
      router.refresh();
      return;
    }
    const { describeSignInError, signInErrors } = await loadSignIn();
    if (refused === signInErrors.codeRequired) return setNeedsCode(true);
    if (refused === signInErrors.invalidCode) {
      form.setValue("code", "");
      throw new FormRefusal(describeSignInError(refused), "code");
    }
    throw new FormRefusal(describeSignInError(refused));
  });

  const pending = form.formState.isSubmitting || leaving;
  return (
    // method="post": should the script not run, the password still never lands in a URL.
    <form
      method="post"
      onSubmit={submit}
      onFocus={() => void loadSignIn()}
      noValidate
      aria-describedby={form.formState.errors.root ? "sign-in-error" : undefined}
    >
      <FormError form={form} id="sign-in-error" />
      <FormField form={form} name="email" label="Email">
        {(props) => <input {...props} type="email" autoComplete="username" required />}
      </FormField>
      <FormField
        form={form}
        name="password"
        label="Password"
        hint="Does your organization sign in with its identity provider? Leave the password empty."
      >
        {(props) => <input {...props} type="password" autoComplete="current-password" required />}
      </FormField>
      {needsCode ? (
        <FormField
          form={form}
          name="code"
          label="Two-factor code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        >
          {(props) => (
            <input {...props} type="text" inputMode="text" autoComplete="one-time-code" autoFocus required />
          )}
        </FormField>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Signing in…" : needsCode ? "Verify and sign in" : "Sign in"}
      </button>
    </form>
  );
}
