import type { Preview } from "@storybook/react-vite";
import { MemoryRouter } from "react-router-dom";
import { preloadStepRenderers } from "#web/funnel/steps/step-renderer.ts";
import "#web/styles/tokens.css";
import "#web/styles/global.css";

const preview: Preview = {
  // Step renderers load on demand in the app; every story draws its step at once.
  loaders: [() => preloadStepRenderers()],
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: {
    layout: "fullscreen",
    viewport: {
      options: {
        mobile: { name: "375 px", styles: { width: "375px", height: "812px" } },
        tablet: { name: "768 px", styles: { width: "768px", height: "1024px" } },
        laptop: { name: "1024 px", styles: { width: "1024px", height: "768px" } },
        desktop: { name: "1440 px", styles: { width: "1440px", height: "900px" } },
      },
    },
  },
};

export default preview;
