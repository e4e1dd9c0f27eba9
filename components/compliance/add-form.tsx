"use client";
import { useState, type FormEvent, type ReactNode, type Ref } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { FormError, submitRequest, type RequestFields } from "@/components/ui/form";
import { useFocusOn } from "@/components/ui/focus";

/**
 * A form that adds one record to a list above it (an address, an end user): on success it is
 * emptied and says what was added, and focus moves to that sentence. A new object each time, so
 * a second addition takes focus again (the button was disabled while it worked, and focus fell
 * from it).
 */
export function useAddForm<V extends FieldValues, R, T>(options: {
  resolver: Resolver<V, unknown, R>;
  empty: V;
  fields: RequestFields<V>;
  create: (request: R) => Promise<T>;
  describe: (created: T) => string;
}) {
  const [added, setAdded] = useState<{ text: string } | null>(null);
  const addedRef = useFocusOn<HTMLParagraphElement>(added);
  const form = useForm<V, unknown, R>({
    resolver: options.resolver,
    shouldFocusError: false,
    defaultValues: options.empty as DefaultValues<V>,
  });
  const submit = submitRequest(form, options.fields, async (request) => {
    const created = await options.create(request);
    form.reset(options.empty);
    setAdded({ text: options.describe(created) });
  });
  return { form, submit, added, addedRef };
}

/**
 * The form around an add form's fields: its title, the error that belongs to no field, the button
 * (which says it is working), and the sentence saying what was added.
 */
export function AddForm<V extends FieldValues, R>({
  form,
  onSubmit,
  added,
  addedRef,
  title,
  titleId,
  button,
  pending,
  addedWords,
  onFocus,
  children,
}: {
  form: UseFormReturn<V, unknown, R>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  added: { text: string } | null;
  addedRef: Ref<HTMLParagraphElement>;
  title: string;
  titleId: string;
  button: string;
  pending: boolean;
  addedWords: (text: string) => ReactNode;
  onFocus: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} onFocus={onFocus} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <div className="form-grid">{children}</div>
      <FormError form={form} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? "Adding…" : button}
        </button>
        {added ? (
          <p className="notice notice--success" role="status" ref={addedRef} tabIndex={-1}>
            {addedWords(added.text)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
