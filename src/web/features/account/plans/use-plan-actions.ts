import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { withCompleted } from "./plan-progress.ts";
import { completeOnServer, planKeys, takePlan, type Completion, type EduPlan } from "./plans-api.ts";

/** The server's answer (or the optimistic guess) becomes the plan everywhere it is shown. */
function store(client: QueryClient, plan: EduPlan) {
  client.setQueryData(planKeys.detail(plan.id), plan);
  client.setQueryData(planKeys.mine(), (list: EduPlan[] | undefined) => {
    if (!list) return list;
    return list.some((p) => p.id === plan.id) ? list.map((p) => (p.id === plan.id ? plan : p)) : [...list, plan];
  });
}

/** "Take this plan": the answer is the customer's plan, which the page then shows. */
export function useTakePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => takePlan(planId),
    onSuccess: (plan) => {
      store(client, plan);
      void client.invalidateQueries({ queryKey: planKeys.mine() });
    },
  });
}

/**
 * Completing a task or a day, optimistically: the page shows it done at once; if the server
 * refuses, the plan goes back to what it was (and is read again) and the error is shown.
 */
export function useCompletePlanItem(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: Completion) => completeOnServer(planId, what),
    onMutate: async (what) => {
      await client.cancelQueries({ queryKey: planKeys.detail(planId) });
      await client.cancelQueries({ queryKey: planKeys.mine() });
      const before = client.getQueryData<EduPlan>(planKeys.detail(planId));
      const list = client.getQueryData<EduPlan[]>(planKeys.mine());
      if (before) store(client, withCompleted(before, what));
      return { before, list };
    },
    onError: (_error, _what, saved) => {
      if (saved?.before) client.setQueryData(planKeys.detail(planId), saved.before);
      if (saved?.list) client.setQueryData(planKeys.mine(), saved.list);
      void client.invalidateQueries({ queryKey: planKeys.all });
    },
    onSuccess: (plan) => store(client, plan),
  });
}
