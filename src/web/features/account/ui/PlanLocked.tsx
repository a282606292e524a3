import { Link } from "react-router-dom";
import type { UnlockHint } from "#schemas/api/envelope.ts";
import "./plan-lock.css";
import { LockIcon } from "./LockIcon.tsx";

/** Both lead to the plans on sale (`unlock.href`, /pricing). */
const UNLOCK_LABEL: Record<UnlockHint["reason"], string> = { no_plan: "See the plans", plan_ended: "Choose a plan again" };

/** Why the plan is locked and the one way to open it (the 403's `unlock`, ADR 017). */
export function PlanUnlock({ message, unlock, what = "this plan" }: { message: string; unlock: UnlockHint; what?: string }) {
  return (
    <section className="account__panel plan-lock" aria-labelledby="plan-lock-title">
      <h2 id="plan-lock-title" className="account__panel-title plan-lock__title">
        <LockIcon className="plan-lock__icon" /> Unlock {what}
      </h2>
      <p>{message}</p>
      <p>
        <Link to={unlock.href} className="button button--primary">
          {UNLOCK_LABEL[unlock.reason]}
        </Link>
      </p>
    </section>
  );
}

/** Beside a locked plan's or tool's category. */
export function LockedBadge() {
  return (
    <span className="plan-lock__badge">
      <LockIcon className="plan-lock__icon" /> Locked
    </span>
  );
}
