// The new port's steps as an ordered list: the current one marked, earlier ones a button back.

const portSteps = [
  { id: "check", label: "Check numbers" },
  { id: "details", label: "Details and end user" },
  { id: "loa", label: "LOA signature" },
  { id: "review", label: "Review and submit" },
] as const;
export type PortStep = (typeof portSteps)[number]["id"];

export function StepperNav({
  current,
  reachable,
  onGo,
}: {
  current: PortStep;
  /** The steps one may jump to now (those already passed). */
  reachable: (step: PortStep) => boolean;
  onGo: (step: PortStep) => void;
}) {
  const at = portSteps.findIndex((step) => step.id === current);
  return (
    <nav aria-label="Steps of a new port">
      <ol className="stepper" data-testid="port-stepper">
        {portSteps.map((step, index) => {
          const label = `${index + 1}. ${step.label}`;
          const state = index < at ? "done" : index === at ? "current" : "todo";
          return (
            <li key={step.id} className={`stepper__step stepper__step--${state}`}>
              {step.id !== current && reachable(step.id) ? (
                <button type="button" className="btn btn--link btn--small" onClick={() => onGo(step.id)}>
                  {label}
                </button>
              ) : (
                <span aria-current={step.id === current ? "step" : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
