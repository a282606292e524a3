import type { EduPlan } from "./plans-api.ts";

/**
 * Plans as the API sends them, for the web tests: a three-day career plan and a two-day wellbeing
 * plan. Tasks are numbered as the server numbers them (day × 100 + position).
 */
export function planFixture(
  over: Partial<EduPlan> & { id: number; code: string; name: string },
  options: { withText?: boolean; doneTasks?: number[] } = {},
): EduPlan {
  const { withText = true, doneTasks = [] } = options;
  const days = [1, 2, 3].slice(0, over.id === 2 ? 2 : 3).map((d) => {
    const tasks = [1, 2].map((p) => {
      const id = d * 100 + p;
      return {
        id,
        title: `Task ${p} of day ${d} in ${over.code}`,
        text: withText
          ? `<p>Do the work of task ${id}.</p><h3>Why it helps ${id}</h3><p>Read <a href="/account/tools/energy-map">the energy map</a>.</p>`
          : null,
        minutes: 10 + p * 5,
        is_completed: doneTasks.includes(id),
      };
    });
    return {
      id: d,
      title: `Day ${d} title of ${over.code}`,
      summary: `What day ${d} of ${over.code} is for.`,
      tasks,
      is_completed: tasks.every((t) => t.is_completed),
    };
  });
  const allDone = days.every((d) => d.is_completed);
  return {
    status: over.taken_at && allDone ? "completed" : "active",
    category: over.id === 2 ? { code: "wellbeing", name: "Wellbeing" } : { code: "career", name: "Career" },
    pic: `/content-images/${over.code}.svg`,
    text: `<p>About <strong>${over.name}</strong>.</p>`,
    audio: null,
    days,
    taken_at: null,
    ...over,
  };
}

export const CAREER = { id: 1, code: "career-clarity", name: "Career clarity in 3 days" } as const;
export const CALM = { id: 2, code: "calm-reset", name: "A calm reset in 2 days" } as const;
export const TAKEN_AT = "2026-11-20T09:00:00.000Z";

/** The public catalogue: both plans as outlines. */
export const catalogue = () => [planFixture(CAREER, { withText: false }), planFixture(CALM, { withText: false })];

/** The career plan, taken, with the given tasks done. */
export const takenCareer = (doneTasks: number[] = []) => planFixture({ ...CAREER, taken_at: TAKEN_AT }, { doneTasks });
