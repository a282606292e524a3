import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { isAppPath } from "./format.ts";

type Props = { href: string; className?: string; children: ReactNode };

/** A link from a report: through the router for the app's own pages, a plain link to other sites. */
export function ReportLink({ href, className, children }: Props) {
  return isAppPath(href) ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
