"use client";
import { useAddress, useEndUser } from "@/components/hooks/use-compliance";
import type { PortOrder } from "@/components/hooks/porting-types";
import { StepFooter } from "@/components/porting/new-port/check-step";
import { formatDate, numberTypeLabel, plural } from "@/components/ui/format";
import { formatInternational } from "@/lib/reference/phone-format";

/** Step 4: everything the losing carrier will get, as saved on the server, then Submit. */
export function ReviewStep({
  order,
  pending,
  error,
  onBack,
  onSubmit,
}: {
  order: PortOrder;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const endUser = useEndUser(order.end_user_id);
  const address = useAddress(order.address_id);
  const missing = order.loa_signed ? [] : ["the signed letter of authorization"];
  return (
    <section className="card stack" aria-labelledby="review-heading">
      <h2 id="review-heading" className="card__title">
        Review and submit
      </h2>
      <dl className="dl">
        <dt>Numbers</dt>
        <dd>
          {plural(order.numbers.length, `${numberTypeLabel(order.number_type).toLowerCase()} number`)}:{" "}
          {order.numbers.map((number) => formatInternational(number.number)).join(", ")}
        </dd>
        <dt>Losing carrier</dt>
        <dd>
          {order.losing_carrier.name}, account {order.losing_carrier.account_number}
        </dd>
        <dt>Account PIN</dt>
        <dd>{order.losing_carrier.pin_set ? "Kept (not shown)" : "None"}</dd>
        <dt>Authorized person</dt>
        <dd>{order.losing_carrier.authorized_person}</dd>
        <dt>End user</dt>
        <dd>{endUser.data ? (endUser.data.business_name ?? endUser.data.name) : order.end_user_id}</dd>
        <dt>Service address</dt>
        <dd>
          {address.data
            ? `${address.data.street}, ${address.data.city} ${address.data.postal_code} (${address.data.country})`
            : order.address_id}
        </dd>
        <dt>Requested FOC date</dt>
        <dd>{formatDate(order.requested_foc_date)}</dd>
        <dt>LOA</dt>
        <dd>{order.loa_signed ? "Signed" : "Not signed yet"}</dd>
        <dt>Recent bill</dt>
        <dd>{order.bill_document_id ? "Attached" : "None (optional)"}</dd>
      </dl>
      <p className="muted">
        Once submitted, the order goes to the losing carrier, which answers with the FOC date or with what to
        fix. Each number gets a configuration you can set up before the FOC; no call reaches it until it is
        ported.
      </p>
      <StepFooter
        missing={missing}
        next={pending ? "Submitting…" : "Submit port"}
        pending={pending}
        error={error}
        onBack={onBack}
        onNext={onSubmit}
      />
    </section>
  );
}
