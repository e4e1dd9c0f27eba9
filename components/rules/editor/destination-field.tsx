"use client";
import { Field } from "@/components/ui/field";
import { normalizeDestination } from "@/components/rules/editor/draft";

// Where a forwarded call goes: a phone number (E.164) or, where the number may forward to SIP,
// a sip:user@host address. Both shapes are typed here, so the keyboard is the full one (a
// phone's dial pad has no letters, "@" or ":"), and the hint names both.

type Props = {
  label: string;
  value: string;
  sip: boolean;
  /** Countries the number may forward to, by name, to name a few in the hint. */
  countries?: readonly string[];
  error?: string | null;
  list?: { id: string; options: ReadonlyArray<{ id: string; name: string; prefix: string }> };
  onChange: (destination: string) => void;
  inputRef?: (element: HTMLInputElement | null) => void;
};

/** The hint under a destination field: the shapes it takes, each with an example. */
function destinationHint(sip: boolean, countries: readonly string[] = []): string {
  const where =
    countries.length > 0 ? ` (${countries.slice(0, 4).join(", ")}${countries.length > 4 ? "…" : ""})` : "";
  const phone = `a phone number${where} with its country code, such as +1 212 555 0100`;
  return sip
    ? `${capitalize(phone)}, or a SIP address such as sip:reception@pbx.example.com`
    : `${capitalize(phone)}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function DestinationField({ label, value, sip, countries, error, list, onChange, inputRef }: Props) {
  return (
    <Field label={label} hint={destinationHint(sip, countries)} error={error}>
      {(props) => (
        <>
          <input
            {...props}
            ref={inputRef}
            type="text"
            inputMode="text"
            autoCapitalize="none"
            autoCorrect="off"
            autoComplete="off"
            spellCheck={false}
            value={value}
            list={list?.id}
            onChange={(event) => onChange(normalizeDestination(event.target.value))}
          />
          {list ? (
            <datalist id={list.id}>
              {list.options.map((option) => (
                <option key={option.id} value={option.prefix}>
                  {option.name}
                </option>
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </Field>
  );
}
