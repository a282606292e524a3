import type { StepProps } from "../types.ts";

/**
 * Progress while the answers are analysed. The runner decides when it is done; this shows how
 * far along it is and which part is being worked on. With reduced motion the bar does not animate.
 */
export function PreparingStep({ step, progress = 0 }: StepProps<"preparing">) {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  const current = Math.min(step.messages.length - 1, Math.floor((percent / 100) * step.messages.length));
  return (
    <div className="preparing">
      <div className="preparing__bar" role="progressbar" aria-label="Analysis progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="preparing__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="preparing__percent" aria-hidden="true">
        {percent}%
      </p>
      <ol className="preparing__messages">
        {step.messages.map((message, i) => (
          <li
            key={i}
            className="preparing__message"
            data-state={i < current || percent === 100 ? "done" : i === current ? "active" : "waiting"}
            aria-current={i === current && percent < 100 ? "step" : undefined}
          >
            {message}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {percent === 100 ? "Done." : step.messages[current]}
      </p>
    </div>
  );
}
