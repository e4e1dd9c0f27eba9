-- Contract §15: an invitation to join an organization with a role. The link's secret is never
-- stored, only its SHA-256; it works once (accepted_at, set by a conditional update) and for 7 days.
CREATE TABLE "member_invitation" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "user_role" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by_user_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "member_invitation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "member_invitation_token_hash_key" ON "member_invitation"("token_hash");
CREATE INDEX "member_invitation_organization_id_idx" ON "member_invitation"("organization_id");

ALTER TABLE "member_invitation" ADD CONSTRAINT "member_invitation_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
