import type { topics } from "../../../../schemas/flow/topics.ts";

type Topic = (typeof topics)[number];

export type AssessmentCategory = "career" | "wellbeing" | "skills";

/** How the home page presents one topic's assessment; where it starts comes from its flow. */
export type Assessment = {
  id: Topic;
  title: string;
  /** One line shown on the card. */
  description: string;
  category: AssessmentCategory;
};

/** An assessment whose funnel exists, with the address its flow starts at. */
export type LiveAssessment = Assessment & { href: string };

export const categoryLabels: Record<AssessmentCategory, string> = {
  career: "Career",
  wellbeing: "Wellbeing",
  skills: "Work skills",
};

/**
 * The ten assessments, in the order the home page shows them (the first one is featured). A card
 * shows only once a flow of its topic exists: the home page never links to a funnel not built.
 */
export const assessments: readonly Assessment[] = [
  {
    id: "career",
    title: "Career Interest Test",
    description: "Find out which of six interest areas suit you best and the kinds of careers that match them.",
    category: "career",
  },
  {
    id: "true-calling",
    title: "True Calling",
    description: "Explore the values and motivations behind work that would feel meaningful to you.",
    category: "career",
  },
  {
    id: "switch",
    title: "Career Switch Readiness",
    description: "Check how ready you are for a career change and what to prepare before you move.",
    category: "career",
  },
  {
    id: "income",
    title: "Income Growth",
    description: "Look at what shapes your earnings today and which moves could help you earn more.",
    category: "career",
  },
  {
    id: "burnout",
    title: "Burnout Check",
    description: "Notice early signs of exhaustion, detachment and lost motivation at work.",
    category: "wellbeing",
  },
  {
    id: "stress-level",
    title: "Stress Level",
    description: "Understand how much pressure you are under and which parts of life it comes from.",
    category: "wellbeing",
  },
  {
    id: "anxiety",
    title: "Anxiety Self-Check",
    description: "Reflect on how often worry and tension show up in your everyday life.",
    category: "wellbeing",
  },
  {
    id: "work_life",
    title: "Work-Life Balance",
    description: "See how well your work fits with your health, relationships and free time.",
    category: "wellbeing",
  },
  {
    id: "emotional_intelligence",
    title: "Emotional Intelligence",
    description: "See your emotional style: how you notice, show and use your feelings at work.",
    category: "skills",
  },
  {
    id: "time-management",
    title: "Time Management",
    description: "Find out where your time goes and which habits would give you more of it back.",
    category: "skills",
  },
];

/** The assessments that have a funnel, each linked to the start of the first flow of its topic. */
export function liveAssessments(flows: readonly { topic: string; start: string }[]): LiveAssessment[] {
  return assessments.flatMap((a) => {
    const flow = flows.find((f) => f.topic === a.id);
    return flow ? [{ ...a, href: flow.start }] : [];
  });
}

/** The six interest areas of the O*NET Interest Profiler (Holland's RIASEC model). */
export const interestAreas = [
  { name: "Realistic", summary: "Hands-on, practical work" },
  { name: "Investigative", summary: "Ideas, analysis, research" },
  { name: "Artistic", summary: "Creating and self-expression" },
  { name: "Social", summary: "Helping, teaching and caring" },
  { name: "Enterprising", summary: "Leading and persuading" },
  { name: "Conventional", summary: "Order, data and detail" },
] as const;
