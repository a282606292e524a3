import { openConsentPanel } from "./consent-state.ts";

/** "Privacy choices" in every footer: opens the choice panel again, with the current choice shown (ADR 055). */
export function PrivacyChoicesButton({ className }: { className: string }) {
  return (
    <button type="button" className={className} aria-haspopup="true" onClick={openConsentPanel}>
      Privacy choices
    </button>
  );
}
