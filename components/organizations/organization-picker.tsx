"use client";
import { Field } from "@/components/ui/field";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";

/**
 * Support staff's choice of organization (the organization_id filter of docs/CONTRACT.md §2), by name when
 * GET /organizations answers, else by the ids the page has seen. "" is every organization.
 */
export function OrganizationPicker({
  value,
  onChange,
  seenIds = [],
}: {
  value: string | null;
  onChange: (organizationId: string) => void;
  seenIds?: readonly string[];
}) {
  const names = useOrganizationNames(true);
  const ids = [...new Set([...names.keys(), ...seenIds])].sort();
  return (
    <Field label="Organization">
      {(props) => (
        <select {...props} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
          <option value="">All organizations</option>
          {ids.map((id) => (
            <option key={id} value={id}>
              {organizationLabel(names, id)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
