import { useEffect } from "react";
import type { QuizSessionSync } from "../session/quiz-session.ts";

/** Records a view event each time a step is shown (funnel analytics: conversion per step). */
export function useStepViews(stepId: string, sync: QuizSessionSync): void {
  useEffect(() => {
    sync.viewed(stepId);
  }, [stepId, sync]);
}
