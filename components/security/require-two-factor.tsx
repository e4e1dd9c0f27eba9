"use client";
import { QueryState } from "@/components/ui/query-state";
import { describeError } from "@/components/ui/states";
import { useChangeOrganizationSettings, useOrganizationSettings } from "@/components/hooks/use-security";

/** The owner's switch: every member must use two-factor sign-in. */
export function RequireTwoFactor() {
  const settings = useOrganizationSettings();
  const change = useChangeOrganizationSettings();
  return (
    <QueryState query={settings}>
      {(data) => (
        <div className="stack">
          <label className="check">
            <input
              type="checkbox"
              checked={data.require_two_factor}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ require_two_factor: event.target.checked })}
            />
            <span>
              Require two-factor sign-in for everyone in the organization
              <span className="muted small" style={{ display: "block" }}>
                Members without it are led to set it up at their next sign-in, and can do nothing else until
                then.
              </span>
            </span>
          </label>
          {change.isError ? (
            <p className="notice notice--error" role="alert">
              {describeError(change.error)}
            </p>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
