-- CreateTable
CREATE TABLE "billing_run" (
    "month" TEXT NOT NULL,
    "accounts" INTEGER NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_run_pkey" PRIMARY KEY ("month")
);
