import { ProfessionCard } from "./ProfessionCard.tsx";
import type { BlockProps } from "./types.ts";

/** Matched occupations, best first. */
export function ProfessionsBlock({ block }: BlockProps<"professions">) {
  return (
    <ol className="report-professions">
      {block.items.map((profession) => (
        <li key={profession.slug}>
          <ProfessionCard profession={profession} />
        </li>
      ))}
    </ol>
  );
}
