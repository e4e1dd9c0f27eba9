import { portStatusWords } from "@/components/porting/porting-words";
import type { PortOrderStatus } from "@/components/hooks/porting-types";

/** A port order's status as a badge, in its tone. */
export function PortStatus({ status }: { status: PortOrderStatus }) {
  const { label, tone } = portStatusWords[status];
  return (
    <span className={`badge badge--${tone}`} data-testid="port-status">
      {label}
    </span>
  );
}
