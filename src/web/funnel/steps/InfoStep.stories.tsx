import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "../FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "./story-helpers.ts";

const meta = {
  title: "Funnel steps/Info",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const halfway: StepInput<"info"> = {
  id: "halfway",
  kind: "info",
  title: "Halfway there",
  body: [
    "You have rated 15 activities. There are 15 to go, about two more minutes.",
    "Your answers are saved as you go, so if you need to stop, you can close this page and pick up where you left off on this device.",
  ],
};

const withImage: StepInput<"info"> = {
  id: "no_wrong_answers",
  kind: "info",
  title: "There are no right or wrong answers",
  body: [
    "Go with your first reaction. Ask yourself one thing only: would I enjoy doing this?",
    'If you really cannot tell, choose "Unsure". That is an honest answer too.',
  ],
  image: { src: "/content-images/flow-career-path.svg", alt: "A path winding over gentle green hills toward a small flag" },
  cta: "Keep going",
};

const longCopy: StepInput<"info"> = {
  id: "for_changers",
  kind: "info",
  title: "Changing direction in the middle of a working life is more common, and usually less of a leap, than it feels from the inside",
  body: [
    "Many people change direction more than once in their working life, and a change rarely means starting from zero. Skills such as planning, explaining things clearly, handling customers or keeping accurate records travel with you into almost any field.",
    "Your profile shows which kinds of work hold your attention. Put it next to what you already do well, and you will often find roles that use both: a nurse who loves organising may enjoy clinical coordination, and an accountant who enjoys teaching may enjoy training new staff.",
    "In your report, start with the professions that match your top two areas. Read the typical tasks first and the pay last: people who choose by tasks are more often still happy in the new role after a year.",
    "The 7-day career clarity plan then helps you try one of them with a small, low-risk step before you commit to anything, such as a conversation with someone who does the job, a short online course or an afternoon of volunteering.",
  ],
  image: { src: "/content-images/flow-career-signpost.svg", alt: "A signpost with three arrows pointing in different directions on a green hill" },
  cta: "Show me the professions that match my profile",
};

export const Default: Story = { args: stepArgs(halfway) };

export const WithImage: Story = { args: stepArgs(withImage) };

export const LongCopy: Story = { args: stepArgs(longCopy) };

export const Mobile: Story = { args: stepArgs(withImage), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
