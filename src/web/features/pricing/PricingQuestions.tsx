import { REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";

/** The questions people ask before they pay, answered from how the product works; the refund terms in the one sentence the pre-checkout uses too. */
export function PricingQuestions() {
  return (
    <section className="pricing__questions" aria-labelledby="pricing-questions-title">
      <h2 id="pricing-questions-title" className="pricing__subtitle">
        Before you choose
      </h2>
      <dl className="pricing__faq">
        <dt>When am I charged?</dt>
        <dd>
          The first amount is charged when you pay. After the trial or the first period, the plan renews at the price shown until you cancel. Every charge is
          e-mailed to you, and My plans in your account shows the date of the next one.
        </dd>
        <dt>How do I cancel?</dt>
        <dd>
          In your account, under My plans, in a few clicks, at any time. No call or e-mail is needed. You keep access until the end of the time you have already
          paid for, and your reports stay yours.
        </dd>
        <dt>Can I take a break instead?</dt>
        <dd>Yes. You can pause a plan for 1 to 3 months from My plans; nothing is charged while it is paused.</dd>
        <dt>Can I get my money back?</dt>
        <dd>
          {REFUND_TERMS} The <Link to={paths.refundPolicy}>refund policy</Link> says how to ask.
        </dd>
      </dl>
    </section>
  );
}
