import { useT } from "#web/shared/catalog/index.ts";

/** The order pages' last line: where to write with a question, and how soon a person answers. */
export function SupportLine() {
  const support = useT()("support.email");
  return (
    <p className="order-card__text">
      Questions? Write to <a href={`mailto:${support}`}>{support}</a> and a person will answer within 2 business days.
    </p>
  );
}
