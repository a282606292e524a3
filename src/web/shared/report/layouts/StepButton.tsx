import "./step-button.css";
type Props = { direction: "previous" | "next"; kicker: string; title: string; onClick: () => void };

/** A button to a neighbouring section, naming it: "Next: Your interest code". */
export function StepButton({ direction, kicker, title, onClick }: Props) {
  return (
    <button type="button" className="report-step-button" data-direction={direction} onClick={onClick}>
      <svg className="report-step-button__arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={direction === "next" ? "M5 12h14M13 6l6 6-6 6" : "M19 12H5M11 6l-6 6 6 6"} />
      </svg>
      <span className="report-step-button__kicker">
        {kicker}
        <span className="visually-hidden">: </span>
      </span>
      <span className="report-step-button__title">{title}</span>
    </button>
  );
}
