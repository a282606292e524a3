import { Link } from "react-router-dom";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";

export type PreviewLink = { to: string; label: string };

/**
 * What a preview says when there is nothing to show (an unknown flow, step, variant or report
 * template): the problem in words, and links back to what exists.
 */
export function PreviewProblem({ title, text, links }: { title: string; text: string; links: PreviewLink[] }) {
  const heading = useFocusHeading<HTMLHeadingElement>();
  return (
    <section className="preview-problem" aria-labelledby="preview-problem-title">
      <title>{`${title} · Growth console · Pathwise`}</title>
      <h1 id="preview-problem-title" className="preview-problem__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p className="preview-problem__text">{text}</p>
      <ul className="preview-problem__links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
