import { useId } from "react";
import type { BlockProps } from "./types.ts";

/** Sources and notices as a numbered list; addresses are written out so a printout keeps them. */
export function SourcesBlock({ block }: BlockProps<"sources">) {
  const labelId = useId();
  return (
    <div className="report-sources-block">
      <p id={labelId} className="report-sources-block__label">
        Sources and notices
      </p>
      <ol className="report-sources" aria-labelledby={labelId}>
        {block.items.map((item, index) => (
          <li key={index} className="report-sources__item">
            <span className="report-sources__text">{item.text}</span>
            {item.url && (
              <>
                {" "}
                <a href={item.url} className="report-sources__url">
                  {item.url.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                </a>
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
