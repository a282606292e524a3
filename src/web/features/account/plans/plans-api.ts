import { queryOptions } from "@tanstack/react-query";
import type { EduPlan } from "#schemas/api/edu-plans.ts";
import type { UnlockHint } from "#schemas/api/envelope.ts";
import { api } from "#web/shared/api/client.ts";

export type { EduPlan, UnlockHint };
export type PlanDay = EduPlan["days"][number];

export const planKeys = {
  all: ["account-plans"] as const,
  /** Every published plan as an outline (open to everyone, ADR 017). */
  catalogue: () => [...planKeys.all, "catalogue"] as const,
  /** The plans the customer took, with progress (readable while locked, task texts null). */
  mine: () => [...planKeys.all, "mine"] as const,
  /** One plan as the customer sees it: in full with progress once taken, `taken_at` null before; 403 with `unlock` while locked. */
  detail: (id: number) => [...planKeys.all, "detail", id] as const,
};

export const planCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.catalogue(),
    queryFn: ({ signal }) => api.get<EduPlan[]>("/edu-plan/list", { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const myPlansQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.mine(),
    queryFn: ({ signal }) => api.get<EduPlan[]>("/customer/edu-plan/list", { signal }),
    staleTime: 10_000,
    retry: false,
  });

export const planQueryOptions = (id: number) =>
  queryOptions({
    queryKey: planKeys.detail(id),
    queryFn: ({ signal }) => api.get<EduPlan>(`/customer/edu-plan/${id}`, { signal }),
    staleTime: 10_000,
    retry: false,
  });

export const takePlan = (planId: number) => api.post<EduPlan>("/customer/edu-plan/take", { plan_id: planId });

/** What a customer marks done: one task, or a whole day (its remaining tasks with it). */
export type Completion = { kind: "task"; id: number } | { kind: "day"; id: number };

export const completeOnServer = (planId: number, what: Completion) =>
  what.kind === "task"
    ? api.post<EduPlan>("/customer/edu-plan/task/complete", { plan_id: planId, task_id: what.id })
    : api.post<EduPlan>("/customer/edu-plan/day/complete", { plan_id: planId, day_id: what.id });
