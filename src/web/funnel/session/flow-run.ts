import type { FlowContext, FlowEvent } from "#engine/flow/types.ts";
import { valueStore } from "#web/shared/value-store.ts";
import type { FlowActor } from "./start-flow-actor.ts";

/**
 * The runner's hold on its run, before and after the flow's machine is there (ADR 080). At first it
 * has the run's start (src/engine/flow/start.ts, or the saved snapshot's context): the step is drawn
 * from it, and what is sent meanwhile (an answer given at once, a press played back after the app
 * started) waits in order. `attach` hands the machine's actor, started from the same start, every
 * waiting event in turn; from then on the run is the actor's. A useSyncExternalStore source: its
 * snapshot changes only when the actor's context does, so the actor's coming redraws nothing.
 */
export class FlowRun {
  private actor: FlowActor | null = null;
  private readonly waiting: FlowEvent[] = [];
  private readonly snapshot: ReturnType<typeof valueStore<{ context: FlowContext }>>;

  constructor(start: FlowContext) {
    this.snapshot = valueStore({ context: start });
  }

  /** Told of every change: the context, the actor's coming, what waits. */
  readonly subscribe = (listener: () => void): (() => void) => this.snapshot.subscribe(listener);

  /** The run's context: the start until the actor moves, then the actor's. */
  readonly getSnapshot = (): { context: FlowContext } => this.snapshot.current();

  /** The machine's actor, once attached. */
  readonly getActor = (): FlowActor | null => this.actor;

  /** Whether an event waits for the actor: the answer is given, the step does not take another. */
  readonly isWaiting = (): boolean => this.waiting.length > 0;

  readonly send = (event: FlowEvent): void => {
    if (this.actor) return this.actor.send(event);
    this.waiting.push(event);
    this.notify();
  };

  /** Takes the actor (once; another is ignored) and sends it what waited. */
  attach(actor: FlowActor): void {
    if (this.actor) return;
    this.actor = actor;
    actor.subscribe(({ context }) => {
      if (context !== this.snapshot.current().context) this.snapshot.set({ context });
    });
    for (const event of this.waiting.splice(0)) actor.send(event);
    this.notify();
  }

  /** Tells the listeners of a change beside the context (the snapshot stays the same object). */
  private notify() {
    this.snapshot.set(this.snapshot.current());
  }
}
