import { useId } from "react";
import type { WeeklyAuditConfig, WeeklyAuditEntry } from "#schemas/tools/weekly-audit.ts";
import { NoteField } from "./NoteField.tsx";
import { AuditChart } from "./AuditChart.tsx";
import { auditRows, auditTotals, describeDifference, formatDay, formatHours, HOURS_IN_A_WEEK, setHours, weekOf, type HourKind } from "./weekly-audit.ts";
import type { WidgetProps } from "./widget.ts";

/** Weekly time audit: the week, spent and wanted hours per category, totals, a chart of both, and a note. */
export function WeeklyAudit({ config, value, onChange }: WidgetProps<WeeklyAuditConfig, WeeklyAuditEntry>) {
  const id = useId();
  const rows = auditRows(config, value);
  const totals = auditTotals(config, value);
  const over = (["spent", "wanted"] as const).filter((k) => totals[k] > HOURS_IN_A_WEEK);

  return (
    <div className="tool-widget weekly-audit">
      <div className="field tool-widget__part weekly-audit__week">
        <label className="field__label" htmlFor={`${id}-week`}>
          The week you look at
        </label>
        <p className="field__hint" id={`${id}-week-hint`}>
          Pick any day; the audit covers the week from its Monday, {formatDay(value.week_of)}.
        </p>
        <input
          id={`${id}-week`}
          type="date"
          className="field__input weekly-audit__date"
          aria-describedby={`${id}-week-hint`}
          value={value.week_of}
          onChange={(e) => {
            const monday = weekOf(e.target.value);
            if (monday) onChange({ ...value, week_of: monday });
          }}
        />
      </div>

      <section className="tool-widget__part" aria-labelledby={`${id}-hours`}>
        <h3 id={`${id}-hours`} className="tool-widget__title">
          Hours in the week
        </h3>
        <p className="tool-widget__hint">For each category: the hours you spent, and the hours you would want to spend. Quarter hours are fine (0.25).</p>
        <ul className="weekly-audit__rows">
          {rows.map((row) => (
            <li key={row.id} className="weekly-audit__row">
              <fieldset className="weekly-audit__fieldset">
                <legend className="weekly-audit__label">{row.label}</legend>
                <p className="field__hint">{row.hint}</p>
                <div className="weekly-audit__inputs">
                  {(["spent", "wanted"] as HourKind[]).map((kind) => (
                    <label key={kind} className="field weekly-audit__field">
                      <span className="field__label">{kind === "spent" ? "Hours spent" : "Hours wanted"}</span>
                      <input
                        type="number"
                        inputMode="decimal"
                        className="field__input"
                        min={0}
                        max={HOURS_IN_A_WEEK}
                        step={0.25}
                        value={row.entered ? row[kind] : ""}
                        onChange={(e) => onChange(setHours(value, row.id, kind, e.target.value))}
                      />
                    </label>
                  ))}
                  <p className="weekly-audit__diff" data-sign={Math.sign(row.difference)}>
                    {describeDifference(row.difference)}
                  </p>
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
        <p className="weekly-audit__totals">
          Total: <strong>{formatHours(totals.spent)} spent</strong>, <strong>{formatHours(totals.wanted)} wanted</strong> (
          {describeDifference(totals.wanted - totals.spent)}).
        </p>
        {over.length > 0 && (
          <p className="message message--error" role="alert">
            {over.map((k) => `The ${k} hours add up to ${formatHours(totals[k])}`).join("; ")}, more than the {HOURS_IN_A_WEEK} hours a week has. Check the
            numbers before you save.
          </p>
        )}
      </section>

      <AuditChart rows={rows} />

      <NoteField value={value.note} onChange={(note) => onChange({ ...value, note })} hint="What you want to protect, reduce or hand off next week." />
    </div>
  );
}
