import { percentText } from "../format.ts";
import type { BlockProps } from "./types.ts";

/** The profile code as large letters with their names and percents, and any tie said out loud beneath. */
export function ProfileCodeBlock({ block }: BlockProps<"profile_code">) {
  return (
    <div className="report-code">
      <ol className="report-code__letters" aria-label={`Your code: ${block.code}`}>
        {block.letters.map((letter, index) => (
          <li key={`${letter.letter}-${index}`} className="report-code__item">
            <span className="report-code__letter">{letter.letter}</span>
            <span className="report-code__name">{letter.name}</span>
            <span className="report-code__percent">{percentText(letter.percent)}</span>
          </li>
        ))}
      </ol>
      {block.ties && (
        <p className="report-code__ties">
          <span className="report-code__ties-label">About a tie</span>
          {block.ties}
        </p>
      )}
    </div>
  );
}
