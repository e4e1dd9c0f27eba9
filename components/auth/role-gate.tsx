import type { ReactNode } from "react";

// A page of the navigation its visitor's role may not use: reached by its address, it says why
// in words (the page asks lib/auth/navigation.ts's refusalFor on the server) instead of
// offering forms the API would refuse.
export function RoleGate({ refusal, children }: { refusal: string | null; children: ReactNode }) {
  if (refusal === null) return children;
  return (
    <p className="notice notice--warning" data-testid="role-refusal">
      {refusal}
    </p>
  );
}
