import type { JobType } from "@/lib/schemas/jobs";

// What a person can do about one number a bulk job could not change, in words (the error
// body's code says why; its message is the API's, written for a developer).

const advice: Partial<Record<string, string>> = {
  number_locked: "It is locked: unlock it on its page, then run the change again for it.",
  number_referenced:
    "Rules of your other numbers forward calls to it: change those rules first, or release it on its page anyway.",
  invalid_configuration: "The rules do not fit this number: open it and set its rules there.",
  precondition_failed: "It changed while the job ran: open it, check it, and change it again.",
  role_forbidden: "Your role may not do this: ask an owner or admin of your organization.",
  insufficient_scope: "Your role may not do this: ask an owner or admin of your organization.",
  not_found: "It is no longer one of your numbers: nothing to do.",
  invalid_parameter: "The change does not apply to it: open it to see why.",
  restore_window_over: "It was released too long ago to be restored.",
};

/** The advice for a failed job item, from its error code; a general one for codes not listed. */
export function jobFailureAdvice(code: string | undefined, type: JobType): string {
  return (
    (code ? advice[code] : undefined) ??
    `It could not be ${type === "release" ? "released" : "changed"}: open it to try once more, by itself.`
  );
}
