-- Single sign-on: an organization's OpenID Connect provider (client secret encrypted at rest)
-- and the domains whose people sign in through it; a domain is verified for one organization only.
-- CreateTable
CREATE TABLE "sso_connection" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "default_role" "user_role" NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sso_connection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_domain" (
    "connection_id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "verified_domain" TEXT,
    "verified_at" TIMESTAMPTZ(3),

    CONSTRAINT "sso_domain_pkey" PRIMARY KEY ("connection_id","domain")
);

-- CreateIndex
CREATE UNIQUE INDEX "sso_connection_organization_id_key" ON "sso_connection"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "sso_domain_verified_domain_key" ON "sso_domain"("verified_domain");

-- AddForeignKey
ALTER TABLE "sso_connection" ADD CONSTRAINT "sso_connection_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_domain" ADD CONSTRAINT "sso_domain_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "sso_connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
