"use client";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useRef, useState } from "react";
import {
  useCreatePortOrder,
  usePortOrder,
  usePortOrderAction,
  useUpdatePortOrder,
} from "@/components/hooks/use-porting";
import type { PortabilityResult, PortOrder } from "@/components/hooks/porting-types";
import { CheckStep } from "@/components/porting/new-port/check-step";
import { DetailsStep, detailsChanges, detailsRequest } from "@/components/porting/new-port/details-step";
import { LoaStep } from "@/components/porting/new-port/loa-step";
import { ReviewStep } from "@/components/porting/new-port/review-step";
import { StepperNav, type PortStep } from "@/components/porting/new-port/stepper-nav";
import { earliestFocDate, type PortDetails } from "@/components/porting/porting-words";
import { ErrorState, LoadingState, describeError } from "@/components/ui/states";

// /porting/new: check numbers → details and end user → LOA signature → review → submit. What is
// typed lives here, above the steps, so going back loses nothing; the draft lives on the server
// from the details step on (?port_order_id= in the URL, so a reload or a later visit goes on).

const emptyDetails: PortDetails = {
  end_user_id: "",
  address_id: "",
  account_number: "",
  pin: "",
  authorized_person: "",
  requested_foc_date: "",
  bill_document_id: "",
};

function detailsOf(order: PortOrder): PortDetails {
  return {
    end_user_id: order.end_user_id,
    address_id: order.address_id,
    account_number: order.losing_carrier.account_number,
    pin: "",
    authorized_person: order.losing_carrier.authorized_person,
    requested_foc_date: order.requested_foc_date.slice(0, 10),
    bill_document_id: order.bill_document_id ?? "",
  };
}

export function NewPort() {
  const router = useRouter();
  const params = useSearchParams();
  const draftId = params.get("port_order_id");
  const [step, setStep] = useState<PortStep>(draftId ? "details" : "check");
  const [text, setText] = useState("");
  const [results, setResults] = useState<PortabilityResult[] | null>(null);
  const [details, setDetails] = useState<PortDetails | null>(null);
  const [requestedTo, setRequestedTo] = useState<string | null>(null);
  const [split, setSplit] = useState<PortOrder[]>([]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submitKey = useRef<string | null>(null);
  const draft = usePortOrder(draftId, step === "loa");
  const create = useCreatePortOrder();
  const update = useUpdatePortOrder();
  const action = usePortOrderAction();

  if (draftId && draft.isPending) return <LoadingState label="Loading the draft…" />;
  if (draftId && draft.isError)
    return (
      <ErrorState error={draft.error} title="The draft could not be loaded" onRetry={() => draft.refetch()} />
    );
  const order = draft.data?.order ?? null;
  if (order && order.status !== "draft")
    return (
      <p className="notice notice--warning">
        Port order {order.port_order_id} is no longer a draft.{" "}
        <Link href={`/porting/${order.port_order_id}`}>Open it</Link>
      </p>
    );

  const numbers = order
    ? order.numbers.map((number) => number.number)
    : (results ?? []).filter((result) => result.portable).map((result) => result.number);
  const shownResults: PortabilityResult[] | null =
    results ??
    (order
      ? order.numbers.map((number) => ({
          number: number.number,
          portable: true,
          not_portable_reason: null,
          losing_carrier: order.losing_carrier.name,
          country: order.country,
          number_type: order.number_type,
          earliest_foc_date: null,
        }))
      : null);
  const currentDetails = details ?? (order ? detailsOf(order) : emptyDetails);
  const passed = (target: PortStep) =>
    target === "check" ||
    (target === "details" && numbers.length > 0) ||
    (target === "loa" && order !== null) ||
    (target === "review" && order !== null && order.loa_signed);

  async function save(values: PortDetails) {
    setDetails(values);
    if (order && draft.data) {
      await update.mutateAsync({
        portOrderId: order.port_order_id,
        etag: draft.data.etag,
        changes: detailsChanges(values),
      });
    } else {
      const created = await create.mutateAsync(detailsRequest(numbers, values));
      const orders = Array.isArray(created) ? created : [created];
      setSplit(orders.slice(1));
      router.replace(`/porting/new?port_order_id=${encodeURIComponent(orders[0].port_order_id)}`, {
        scroll: false,
      });
    }
    // The PIN is not kept in the page once the server holds it.
    setDetails({ ...values, pin: "" });
    setStep("loa");
  }

  async function submit() {
    if (!order) return;
    setSubmitError(null);
    submitKey.current ??= crypto.randomUUID();
    try {
      await action.mutateAsync({
        portOrderId: order.port_order_id,
        action: "submit",
        key: submitKey.current,
      });
      router.push(`/porting/${order.port_order_id}`);
    } catch (error) {
      submitKey.current = null;
      setSubmitError(describeError(error));
    }
  }

  return (
    <div className="stack">
      <StepperNav current={step} reachable={passed} onGo={setStep} />
      {split.length > 0 ? (
        <div className="notice notice--warning" role="status">
          <p>
            These numbers leave more than one carrier or country, so they became {split.length + 1} orders,
            each with its own LOA. This one goes on here; the others are drafts to finish:
          </p>
          <ul>
            {split.map((other) => (
              <li key={other.port_order_id}>
                <Link href={`/porting/new?port_order_id=${encodeURIComponent(other.port_order_id)}`}>
                  {other.port_order_id} ({other.losing_carrier.name})
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {step === "check" ? (
        <CheckStep
          text={text}
          results={shownResults}
          locked={order !== null}
          onChange={(nextText, nextResults) => {
            setText(nextText);
            setResults(nextResults);
          }}
          onNext={() => setStep("details")}
        />
      ) : null}
      {step === "details" ? (
        <DetailsStep
          numbers={numbers}
          values={currentDetails}
          earliest={results ? earliestFocDate(results) : null}
          pinKept={order?.losing_carrier.pin_set ?? false}
          onBack={(values) => {
            setDetails(values);
            setStep("check");
          }}
          onSave={save}
        />
      ) : null}
      {step === "loa" && order ? (
        <LoaStep
          order={order}
          requestedTo={requestedTo}
          onRequested={setRequestedTo}
          onBack={() => setStep("details")}
          onNext={() => setStep("review")}
        />
      ) : null}
      {step === "loa" && !order ? <LoadingState label="Saving the draft…" /> : null}
      {step === "review" && order ? (
        <ReviewStep
          order={order}
          pending={action.isPending}
          error={submitError}
          onBack={() => setStep("loa")}
          onSubmit={() => void submit()}
        />
      ) : null}
    </div>
  );
}
