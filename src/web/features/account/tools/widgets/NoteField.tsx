import { useId } from "react";

/** The free note every tool ends with. */
export function NoteField({ value, onChange, hint }: { value: string; onChange: (note: string) => void; hint: string }) {
  const id = useId();
  return (
    <div className="field tool-widget__part">
      <label className="field__label" htmlFor={id}>
        Note
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <textarea
        id={id}
        className="field__input tool-textarea"
        rows={4}
        maxLength={2000}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
