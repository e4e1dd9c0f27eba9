import type { ReactNode } from "react";

// The frame of the pages a person sees before signing in: sign-in, sign-up, verify, reset.
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page" id="main">
      <div className="card auth-card">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true">
            #
          </span>
          Numbers portal
        </div>
        <h1>{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
        {children}
      </div>
    </main>
  );
}
