import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { variantPath } from "#engine/flow/variant.ts";
import type { Translate } from "#web/shared/catalog/index.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { variantChanges } from "./preview-variants.ts";
import { textOf } from "./text-of.ts";

type Props = {
  flow: CompiledFlow;
  stepId: string;
  variants: Record<string, string>;
  t: Translate;
};

/** A step's title as the picker lists it, with its place and kind. */
const stepLabel = (flow: CompiledFlow, index: number, t: Translate) => {
  const step = flow.steps[index]!;
  const title = textOf(step.title, t);
  return `${index + 1}. ${title || step.id} (${step.kind.replace(/_/g, " ")})`;
};

/**
 * The preview's pickers: the step (every step of the flow, in order, by title) and each
 * experiment's variant, shown on "Show"; the previous and next step; the path the step has for the
 * chosen variants and what each chosen variant changes about it.
 */
export function StepPreviewControls({ flow, stepId, variants, t }: Props) {
  const navigate = useNavigate();
  const ids = useId();
  const [chosenStep, setChosenStep] = useState(stepId);
  const [chosen, setChosen] = useState(variants);
  // The pickers follow the page when it changes (a link, the browser's back button).
  const shownKey = `${stepId}?${JSON.stringify(variants)}`;
  const [shown, setShown] = useState(shownKey);
  if (shown !== shownKey) {
    setShown(shownKey);
    setChosenStep(stepId);
    setChosen(variants);
  }

  const index = flow.steps.findIndex((s) => s.id === stepId);
  const step = flow.steps[index]!;
  const previous = flow.steps[index - 1];
  const next = flow.steps[index + 1];
  const path = variantPath(step.id, step.path, flow.experiments, variants);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(paths.adminStepPreview(flow.code, chosenStep, chosen));
  };

  return (
    <form className="step-preview__form" onSubmit={submit} aria-label="What to preview">
      <div className="step-preview__fields">
        <div className="field step-preview__step-field">
          <label className="field__label" htmlFor={`${ids}-step`}>
            Step
          </label>
          <select id={`${ids}-step`} className="field__input" value={chosenStep} onChange={(e) => setChosenStep(e.target.value)}>
            {flow.steps.map((s, i) => (
              <option key={s.id} value={s.id}>
                {stepLabel(flow, i, t)}
              </option>
            ))}
          </select>
        </div>
        {flow.experiments.map((experiment) => {
          const changes = variantChanges(step.id, experiment, variants[experiment.id]!);
          return (
            <div className="field" key={experiment.id}>
              <label className="field__label" htmlFor={`${ids}-${experiment.id}`}>
                Experiment {experiment.id}
              </label>
              <select
                id={`${ids}-${experiment.id}`}
                className="field__input"
                value={chosen[experiment.id]}
                aria-describedby={`${ids}-${experiment.id}-changes`}
                onChange={(e) => setChosen({ ...chosen, [experiment.id]: e.target.value })}
              >
                {experiment.variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    Variant {v.id}
                    {v.weight === 0 ? " (no visitors)" : ""}
                  </option>
                ))}
              </select>
              <p className="field__hint" id={`${ids}-${experiment.id}-changes`}>
                {changes
                  ? `Variant ${variants[experiment.id]} changes ${changes} of this step.`
                  : `Variant ${variants[experiment.id]} shows this step as declared.`}
              </p>
            </div>
          );
        })}
      </div>
      <div className="step-preview__actions">
        <button type="submit" className="button button--primary">
          Show
        </button>
        {previous && (
          <Link className="button button--secondary" to={paths.adminStepPreview(flow.code, previous.id, variants)}>
            <span aria-hidden="true">←</span> Previous step
          </Link>
        )}
        {next && (
          <Link className="button button--secondary" to={paths.adminStepPreview(flow.code, next.id, variants)}>
            Next step <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
      <dl className="step-preview__facts">
        <div>
          <dt>Step</dt>
          <dd>
            {index + 1} of {flow.steps.length} · {step.kind.replace(/_/g, " ")} · id <code>{step.id}</code>
          </dd>
        </div>
        <div>
          <dt>Path</dt>
          <dd>
            <code>{path}</code>
          </dd>
        </div>
      </dl>
    </form>
  );
}
