import { organizationLabel } from "@/components/hooks/use-organizations";

/**
 * The options of support's organization picker: the one with no value first (what choosing
 * nothing means on that page), then every organization by id, named as support knows it.
 */
export function OrganizationOptions({ names, none }: { names: Map<string, string>; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {[...names.keys()].sort().map((id) => (
        <option key={id} value={id}>
          {organizationLabel(names, id)}
        </option>
      ))}
    </>
  );
}
