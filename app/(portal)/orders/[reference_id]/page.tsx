// /orders/{reference_id} – one order: status, numbers delivered, back-orders
import type { Metadata } from "next";
import Link from "next/link";
import { OrderDetail } from "@/components/orders/order-detail";
import { PageHeader } from "@/components/ui/page-header";

type Props = {
  params: Promise<{ reference_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Order ${decodeURIComponent((await params).reference_id)}` };
}

export default async function OrderPage({ params, searchParams }: Props) {
  const referenceId = decodeURIComponent((await params).reference_id);
  const justPlaced = (await searchParams).placed === "1";
  return (
    <>
      <PageHeader title={`Order ${referenceId}`} actions={<Link href="/orders">All orders</Link>} />
      <OrderDetail referenceId={referenceId} justPlaced={justPlaced} />
    </>
  );
}
