import { Fragment } from "react";

const LEGAL: Record<string, string> = {
  "terms of service": "/terms-of-service",
  "privacy policy": "/privacy-policy",
  "refund policy": "/refund-policy",
};
const PATTERN = /(terms of service|privacy policy|refund policy)/gi;

/** Plain copy from a flow with the names of our legal pages turned into links (opening in a new tab, so the test stays open). */
export function LegalText({ text }: { text: string }) {
  return (
    <>
      {text.split(PATTERN).map((part, i) => {
        const href = LEGAL[part.toLowerCase()];
        return href ? (
          <a key={i} href={href} target="_blank" rel="noopener">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        );
      })}
    </>
  );
}
