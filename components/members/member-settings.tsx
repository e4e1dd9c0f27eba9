"use client";
import { useState, type FormEvent } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { useFocusOn } from "@/components/ui/focus";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, describeError } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { useInvitations, useMemberChange, useMembers, type Change } from "@/components/hooks/use-members";
import { organizationRoles, type Role } from "@/lib/schemas/roles";

// /settings/members (docs/CONTRACT.md §15): the team, invitations, roles. What the person's role cannot
// do is not offered, and the page says why; admins are not offered owners.
/** `manages`: the person may invite, remove and change members (the server asks the role table). */
export function MemberSettings({ role, userId, manages }: { role: Role; userId: string; manages: boolean }) {
  const members = useMembers();
  const invitations = useInvitations();
  const change = useMemberChange();
  const [email, setEmail] = useState("");
  const [inviteRole, setInviteRole] = useState("viewer");
  // Who manages members is the permission table's (lib/auth/roles.ts); that admins do not touch
  // owners is the rule beside it (docs/CONTRACT.md §15), as lib/members/members.ts applies it.
  const touchesOwners = manages && role === "owner";
  const grantable = organizationRoles.filter((candidate) => touchesOwners || candidate !== "owner");
  // What the last change did, said once in words (a live region), and its error beside the
  // control that made it: the invitation's email, a member's role, a member's Remove.
  const [done, setDone] = useState<string | null>(null);
  // Focus follows: to the sentence that says what was done (a revoked invitation's row and its
  // buttons are gone), or back to the email the server refused.
  const doneRef = useFocusOn<HTMLParagraphElement>(done);
  const failed = change.isError ? change.variables : undefined;
  const emailRef = useFocusOn<HTMLInputElement>(failed?.kind === "invite" ? change.error : null);
  const errorOf = (kind: Change["kind"], id?: string) =>
    failed && failed.kind === kind && (id === undefined || ("id" in failed && failed.id === id))
      ? describeError(change.error)
      : undefined;
  const run = (next: Change, words: string) => {
    setDone(null);
    change.mutate(next, { onSuccess: () => setDone(words) });
  };

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    change.mutate(
      { kind: "invite", email, role: inviteRole },
      {
        onSuccess: () => {
          setDone(`We have sent an invitation to ${email} as ${inviteRole}.`);
          setEmail("");
        },
      },
    );
  }

  return (
    <QueryState query={members} loading="Loading members…" errorTitle="The members could not be loaded">
      {(data) => (
        <div className="stack">
          <p
            ref={doneRef}
            tabIndex={-1}
            role="status"
            data-testid="members-status"
            className={done ? "notice notice--success" : "visually-hidden"}
          >
            {done}
          </p>
          {manages ? (
            <form className="card" aria-label="Invite a member" onSubmit={invite} noValidate>
              <div className="form-grid">
                <Field label="Email" error={errorOf("invite")}>
                  {(props) => (
                    <input
                      {...props}
                      ref={emailRef}
                      type="email"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                    />
                  )}
                </Field>
                <Field label="Role">
                  {(props) => (
                    <select
                      {...props}
                      value={inviteRole}
                      onChange={(event) => setInviteRole(event.target.value)}
                    >
                      {grantable.map((candidate) => (
                        <option key={candidate} value={candidate}>
                          {candidate}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              <div className="form-actions">
                <button type="submit" className="btn btn--primary" disabled={change.isPending}>
                  Send the invitation
                </button>
              </div>
            </form>
          ) : (
            <p className="card">
              Only an owner or an admin can invite, change or remove members; your role is {role}.
            </p>
          )}
          <section className="card" aria-labelledby="members-heading">
            <h2 id="members-heading">Members</h2>
            {manages ? (
              <p className="small muted">
                Removing a member ends their sessions at once and revokes their API tokens.
              </p>
            ) : null}
            <ul className="plain-list member-list">
              {data.map((member) => {
                const touchable = manages && (touchesOwners || member.role !== "owner");
                return (
                  <li key={member.id} data-testid="member-row">
                    <strong>{member.name}</strong> · {member.email} · {member.role}
                    {member.id === userId ? " (you)" : ""}
                    {touchable ? (
                      <div className="form-actions">
                        <Field label={`Role of ${member.name}`} error={errorOf("role", member.id)}>
                          {(props) => (
                            <select
                              {...props}
                              value={member.role}
                              onChange={(event) =>
                                run(
                                  { kind: "role", id: member.id, role: event.target.value },
                                  `${member.name} is now ${event.target.value}.`,
                                )
                              }
                            >
                              {grantable.map((candidate) => (
                                <option key={candidate} value={candidate}>
                                  {candidate}
                                </option>
                              ))}
                            </select>
                          )}
                        </Field>
                        <ConfirmButton
                          label="Remove"
                          labelFor={`Remove ${member.name}`}
                          confirmLabel={`Yes, remove ${member.name}`}
                          pendingLabel="Removing…"
                          pending={change.isPending}
                          error={errorOf("remove", member.id) ? change.error : undefined}
                          onConfirm={() =>
                            run({ kind: "remove", id: member.id }, `${member.name} is no longer a member.`)
                          }
                        />
                      </div>
                    ) : manages ? (
                      <p className="muted">Only an owner can change or remove an owner.</p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
          <section className="card" aria-labelledby="invitations-heading">
            <h2 id="invitations-heading">Pending invitations</h2>
            {invitations.data && invitations.data.length === 0 ? (
              <EmptyState title="No pending invitations" />
            ) : (
              <ul className="plain-list member-list">
                {(invitations.data ?? []).map((invitation) => (
                  <li key={invitation.id}>
                    {invitation.email} · {invitation.role} · until {formatDateTime(invitation.expires_at)}
                    {manages ? (
                      <div className="form-actions">
                        <button
                          type="button"
                          className="btn"
                          onClick={() =>
                            run(
                              { kind: "resend", id: invitation.id },
                              `The invitation to ${invitation.email} is sent again.`,
                            )
                          }
                        >
                          Send again
                        </button>
                        <ConfirmButton
                          label="Revoke"
                          labelFor={`Revoke the invitation to ${invitation.email}`}
                          confirmLabel={`Revoke the invitation to ${invitation.email}`}
                          pendingLabel="Revoking…"
                          pending={change.isPending}
                          error={errorOf("revoke", invitation.id) ? change.error : undefined}
                          onConfirm={() =>
                            run(
                              { kind: "revoke", id: invitation.id },
                              `The invitation to ${invitation.email} is revoked.`,
                            )
                          }
                        />
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </QueryState>
  );
}
