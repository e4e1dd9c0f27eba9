"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FormEvent, ReactNode } from "react";
import type {
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormRegisterReturn,
  UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { Field } from "@/components/ui/field";
import { inWords, serverFieldErrors } from "@/components/ui/field-errors";
import { describeError } from "@/components/ui/states";

// Use: one react-hook-form per form, checked by its route's own zod schema (lib/schemas), so
// the browser refuses what the API would, with the same rules:
//   const form = useForm<Values, unknown, CreateXRequest>({ shouldFocusError: false, resolver: requestResolver({
//     schema: () => import("@/lib/schemas/x").then((m) => m.createXRequestSchema),
//     toRequest: (values) => ({ … }), fields: { name: { field: "name", words: "The name" } } }) });
//   <form noValidate onSubmit={submitRequest(form, fields, async (request) => { await create.mutateAsync(request) })}>
//     <FormField form={form} name="name" label="Name">{(props) => <input {...props} />}</FormField>
//     <FormError form={form} />
// Messages come out in the form's words ("The name must be …", never "name must be …"),
// whether the browser's check or the server's answer (its `error.details` path) found them.

/** For each field of the request body: the form field that holds it and the words for it. */
export type RequestFields<V extends FieldValues> = Readonly<
  Record<string, { field: Path<V>; words: string }>
>;

/**
 * A resolver that turns the form's values into the request and checks it with the route's
 * schema. The schema may be loaded on first use, so zod stays out of the page's first load.
 * `precheck`: problems the form can put better than the schema (a date not chosen yet).
 */
export function requestResolver<V extends FieldValues, S extends z.ZodType<unknown, FieldValues>>(options: {
  schema: () => Promise<S>;
  toRequest: (values: V) => z.input<S>;
  fields: RequestFields<V>;
  precheck?: (values: V) => Partial<Record<Path<V>, string>>;
}): Resolver<V, unknown, z.output<S>> {
  return async (values) => {
    const early = Object.entries(options.precheck?.(values) ?? {}).filter(([, message]) => message);
    if (early.length > 0)
      return { values: {}, errors: toErrors<V>(early.map(([field, message]) => [field, String(message)])) };
    const check = zodResolver(await options.schema());
    const result = await check(options.toRequest(values), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    if (Object.keys(result.errors).length === 0) return { values: result.values as z.output<S>, errors: {} };
    const found: [string, string][] = [];
    for (const [key, error] of Object.entries(result.errors)) {
      const target = options.fields[key];
      const message = firstMessage(error);
      if (message)
        found.push(target ? [target.field, inWords(message, key, target.words)] : ["root", message]);
    }
    return { values: {}, errors: toErrors<V>(found) };
  };
}

/**
 * The form's onSubmit: checks, sends, and on a refusal puts each message beside its field and
 * the rest above the button. Focus goes to the first field in error in the page's order (react-
 * hook-form's own focusing follows registration order, which is not the order on screen: give
 * `useForm` `shouldFocusError: false`).
 */
export function submitRequest<V extends FieldValues, R>(
  form: UseFormReturn<V, unknown, R>,
  fields: RequestFields<V>,
  send: (request: R) => Promise<void>,
): (event: FormEvent<HTMLFormElement>) => Promise<void> {
  return (event) => {
    const element = event.currentTarget;
    return form.handleSubmit(
      async (request) => {
        try {
          await send(request);
        } catch (error) {
          applyServerErrors(form, error, fields);
          focusFirstError(element, form);
        }
      },
      () => focusFirstError(element, form),
    )(event);
  };
}

/**
 * A refusal from a service that does not answer with the API's error body (next-auth's sign-in
 * answers with a code): thrown from submitRequest's `send`, its message stands beside `field`
 * (a key of the form's fields), or as the form's error when it names none.
 */
export class FormRefusal extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "FormRefusal";
  }
}

/** After a refused request: each message beside its field, the rest above the button. */
function applyServerErrors<V extends FieldValues, R>(
  form: UseFormReturn<V, unknown, R>,
  error: unknown,
  fields: RequestFields<V>,
): void {
  if (error instanceof FormRefusal && error.field !== null && error.field in fields)
    return form.setError(fields[error.field].field, { type: "server", message: error.message });
  const words = Object.fromEntries(Object.entries(fields).map(([key, target]) => [key, target.words]));
  const found = serverFieldErrors(error, words, describeError(error));
  for (const [key, message] of Object.entries(found.fields))
    if (typeof message === "string") form.setError(fields[key].field, { type: "server", message });
  if (found.form) form.setError("root.server", { type: "server", message: found.form });
}

/** Focuses the first control, in the page's order, whose field has an error. */
function focusFirstError<V extends FieldValues, R>(
  element: HTMLFormElement,
  form: UseFormReturn<V, unknown, R>,
) {
  for (const control of element.querySelectorAll<HTMLInputElement>(
    "input[name], select[name], textarea[name]",
  )) {
    if (form.getFieldState(control.name as Path<V>).error) return control.focus();
  }
}

type ControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
} & UseFormRegisterReturn;

/** A labelled input registered with the form, showing its error (the browser's or the server's). */
export function FormField<V extends FieldValues, R>({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: UseFormReturn<V, unknown, R>;
  name: Path<V>;
  label: ReactNode;
  hint?: ReactNode;
  children: (props: ControlProps) => ReactNode;
}) {
  const { error } = form.getFieldState(name, form.formState);
  const registered = form.register(name);
  return (
    <Field label={label} hint={hint} error={error?.message}>
      {(props) => children({ ...props, ...registered })}
    </Field>
  );
}

/** A text input field (no autofill: these forms describe someone else, not the person typing). */
export function TextField<V extends FieldValues, R>({
  type = "text",
  ...field
}: {
  form: UseFormReturn<V, unknown, R>;
  name: Path<V>;
  label: ReactNode;
  hint?: ReactNode;
  type?: "text" | "email" | "tel";
}) {
  return <FormField {...field}>{(props) => <input {...props} type={type} autoComplete="off" />}</FormField>;
}

/** A group of checkboxes or radios for one field, with its error under the legend's group. */
export function FormFieldset<V extends FieldValues, R>({
  form,
  name,
  legend,
  children,
}: {
  form: UseFormReturn<V, unknown, R>;
  name: Path<V>;
  legend: ReactNode;
  children: ReactNode;
}) {
  const { error } = form.getFieldState(name, form.formState);
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {children}
      {error?.message ? (
        <p id={errorId} className="field__error">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The error that belongs to no one field (a lost connection, a limit reached). */
export function FormError<V extends FieldValues, R>({
  form,
  id,
}: {
  form: UseFormReturn<V, unknown, R>;
  /** For a form that points at its error (aria-describedby). */
  id?: string;
}) {
  const errors: FieldErrors<V> = form.formState.errors;
  const message = errors.root?.server?.message ?? errors.root?.message;
  return message ? (
    <div id={id} className="notice notice--error" role="alert">
      {message}
    </div>
  ) : null;
}

function firstMessage(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  for (const value of Object.values(error)) {
    if (value === error) continue;
    const found =
      typeof value === "object" && value !== null && !("nodeType" in value) ? firstMessage(value) : null;
    if (found) return found;
  }
  return null;
}

function toErrors<V extends FieldValues>(entries: readonly [string, string][]): FieldErrors<V> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, message] of entries) errors[field] ??= { type: "validation", message };
  return errors as FieldErrors<V>;
}
