import type { ReportScale } from "#schemas/report/document.ts";

/** A scale's name with its letter as a small badge (the letter is decoration: the name says it). */
export function ScaleName({ scale }: { scale: Pick<ReportScale, "name" | "letter"> }) {
  return (
    <span className="report-scale-name">
      {scale.letter && (
        <span className="report-letter" aria-hidden="true">
          {scale.letter}
        </span>
      )}
      <span className="report-scale-name__text">{scale.name}</span>
    </span>
  );
}
