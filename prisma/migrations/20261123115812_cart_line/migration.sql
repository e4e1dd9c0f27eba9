-- CreateTable
CREATE TABLE "cart_line" (
    "user_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "number_e164" TEXT,
    "country" CHAR(2) NOT NULL,
    "number_type" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "product_id" INTEGER,
    "quantity" INTEGER NOT NULL,

    CONSTRAINT "cart_line_pkey" PRIMARY KEY ("user_id","position")
);

-- AddForeignKey
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
