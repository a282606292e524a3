import { useId, useState } from "react";
import { fillScript, type NegotiationScriptConfig, type NegotiationScriptEntry } from "#schemas/tools/negotiation-script.ts";
import { scriptText, setField } from "./negotiation-script.ts";
import type { WidgetProps } from "./widget.ts";

const MAX_LENGTH = { text: 200, long: 1500, money: 40 } as const;

/** Negotiation script: the config's fields as labelled inputs, and the script they fill in, ready to copy. */
export function NegotiationScript({ config, value, onChange }: WidgetProps<NegotiationScriptConfig, NegotiationScriptEntry>) {
  const id = useId();
  const [copied, setCopied] = useState<"" | "copied" | "failed">("");
  const script = fillScript(config, value.values);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(scriptText(config, value.values));
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };

  return (
    <div className="tool-widget negotiation-script">
      <section className="tool-widget__part" aria-labelledby={`${id}-fields`}>
        <h3 id={`${id}-fields`} className="tool-widget__title">
          1. Your details
        </h3>
        <p className="tool-widget__hint">Every figure in the script is one you type here. Fields you leave empty show in [brackets].</p>
        <div className="negotiation-script__fields">
          {config.fields.map((field) => {
            const inputId = `${id}-${field.id}`;
            const common = {
              id: inputId,
              className: "field__input",
              "aria-describedby": `${inputId}-hint`,
              maxLength: MAX_LENGTH[field.type],
              value: value.values[field.id] ?? "",
            };
            return (
              <div key={field.id} className={`field negotiation-script__field negotiation-script__field--${field.type}`}>
                <label className="field__label" htmlFor={inputId}>
                  {field.label}
                  {!field.required && <span className="tool-optional"> (optional)</span>}
                </label>
                <p className="field__hint" id={`${inputId}-hint`}>
                  {field.hint}
                </p>
                {field.type === "long" ? (
                  <textarea {...common} rows={3} className="field__input tool-textarea" onChange={(e) => onChange(setField(value, field.id, e.target.value))} />
                ) : (
                  <input
                    {...common}
                    type="text"
                    inputMode={field.type === "money" ? "decimal" : undefined}
                    onChange={(e) => onChange(setField(value, field.id, e.target.value))}
                  />
                )}
              </div>
            );
          })}
        </div>
      </section>

      <section className="tool-widget__part negotiation-script__script" aria-labelledby={`${id}-script`}>
        <h3 id={`${id}-script`} className="tool-widget__title">
          2. Your script
        </h3>
        <div className="negotiation-script__panel">
          {script.map((s, i) => (
            <section key={i} className="negotiation-script__section">
              <h4 className="negotiation-script__heading">{s.heading}</h4>
              <p className="negotiation-script__text">{s.text}</p>
            </section>
          ))}
        </div>
        <div className="negotiation-script__copy">
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copy the script
          </button>
          <p role="status" className="tool-widget__hint">
            {copied === "copied"
              ? "The script is copied. Paste it into your notes."
              : copied === "failed"
                ? "Your browser did not allow copying. Select the script and copy it instead."
                : ""}
          </p>
        </div>
      </section>
    </div>
  );
}
