import { otherPaper, paperName, preferredPaper, type Paper } from "./paper.ts";
import "./report-download.css";

/**
 * The report's PDF: the paper size of the browser's region as the main link, the other size as a
 * smaller one. Plain links, so the browser downloads the file the server sends.
 */
export function ReportDownload({ href }: { href: (paper: Paper) => string }) {
  const paper = preferredPaper();
  const other = otherPaper(paper);
  return (
    <div className="report-download">
      <a className="button button--primary" href={href(paper)} download>
        Download PDF <span className="report-download__size">({paperName[paper]})</span>
      </a>
      <a className="report-download__other" href={href(other)} download>
        Download in {paperName[other]} size
      </a>
    </div>
  );
}
