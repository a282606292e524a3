import type { PlanDay } from "./plans-api.ts";

/** A day's tasks to read, each with its button to mark it done (a done task's button stays, saying so). */
export function PlanDayTasks({ day, number, onDone }: { day: PlanDay; number: number; onDone: (taskId: number) => void }) {
  return (
    <ol className="plan-tasks" aria-label={`Tasks of day ${number}`}>
      {day.tasks.map((task) => (
        <li key={task.id} className="plan-task" data-done={task.is_completed || undefined}>
          <div className="plan-task__head">
            <h2 className="plan-task__title">{task.title}</h2>
            <span className="plan-task__minutes">{task.minutes} min</span>
          </div>
          {task.text && <div className="library-article__text plan-task__text" dangerouslySetInnerHTML={{ __html: task.text }} />}
          <button
            type="button"
            className={`button ${task.is_completed ? "button--secondary" : "button--primary"} plan-task__button`}
            aria-disabled={task.is_completed}
            aria-label={task.is_completed ? `Done: ${task.title}` : `Mark as done: ${task.title}`}
            onClick={() => {
              if (!task.is_completed) onDone(task.id);
            }}
          >
            {task.is_completed ? (
              <>
                <span aria-hidden="true">✓</span> Done
              </>
            ) : (
              "Mark as done"
            )}
          </button>
        </li>
      ))}
    </ol>
  );
}
