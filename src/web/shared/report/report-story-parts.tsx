import type { Decorator } from "@storybook/react-vite";

/** Shared by the report's stories: the page around a report, the phone viewport, and the page's buttons. */
export const onPage: Decorator = (Story) => (
  <div className="container" style={{ paddingBlock: "var(--space-7) var(--space-9)" }}>
    <Story />
  </div>
);

export const mobile = { viewport: { value: "mobile" } };

export const download = (
  <button type="button" className="button button--secondary">
    Download PDF
  </button>
);

export const unlock = (
  <>
    <button type="button" className="button button--primary">
      Get your full report
    </button>
    <span>Your answers are saved: the report is ready as soon as you pay.</span>
  </>
);
