-- Signing out ends that one session on every instance: its id (the cookie's sid claim) is
-- kept until the cookie would have expired, and lib/auth/session.ts refuses it meanwhile.
-- CreateTable
CREATE TABLE "ended_session" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ended_session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ended_session_user_id_idx" ON "ended_session"("user_id");

-- CreateIndex
CREATE INDEX "ended_session_ends_at_idx" ON "ended_session"("ends_at");

-- AddForeignKey
ALTER TABLE "ended_session" ADD CONSTRAINT "ended_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
