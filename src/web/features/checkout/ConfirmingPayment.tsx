import type { ReactNode, RefObject } from "react";

/** The calm waiting state while the server confirms a payment (the spinner stops under reduced motion). */
export function ConfirmingPayment({ heading, children }: { heading: RefObject<HTMLHeadingElement | null>; children?: ReactNode }) {
  return (
    <section className="order-card" aria-labelledby="order-title" aria-busy="true">
      <span className="order-card__spinner" aria-hidden="true" />
      <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
        Confirming your payment…
      </h1>
      <p className="order-card__text" role="status">
        This usually takes a few seconds. Please keep this page open; you will be taken on as soon as your payment is confirmed.
      </p>
      {children}
    </section>
  );
}
