import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { createEventLoopLoad } from "../platform/event-loop-load.ts";

/**
 * Backpressure at the front door (issue 21, ADR 040). One process has one thread, and on the
 * embedded database one query runs at a time: when a campaign's 500 visitors answer at once, every
 * call in progress shares both, and a payment notification arriving then waits behind all of them.
 * Here at most `limit` ordinary API calls are worked on at once, and while the event loop runs late
 * at most `perTurn` of them start in one turn of it (on the embedded database a call often runs start
 * to end in the turn it starts, so a count in flight alone would never fill); the rest wait their turn in
 * order (their body already read, holding no database time). Calls a payer waits on skip the line: the
 * provider's notifications, starting a checkout, the order page's poll (each such route declares
 * `config: { skipsTheLine: true }`). A call that cannot get a
 * place (the line is `queueLimit` long, or `maxWaitMs` passed since it arrived) is answered 503
 * `busy` with Retry-After, before anything was done, so the browser may send it again
 * (src/web/shared/api/client.ts).
 */
export type AdmissionOptions = {
  /** Ordinary API calls worked on at once. */
  limit: number;
  /** Ordinary API calls started in one turn of the event loop. */
  perTurn: number;
  /** Calls that may wait for a place; one more is answered 503. */
  queueLimit: number;
  /**
   * A call not admitted this long after it arrived is answered 503. Counted from its arrival (its
   * connection's for the first call on one, otherwise the moment its headers were read), so the
   * time spent reading its body and waiting for the event loop counts too (ADR 054).
   */
  maxWaitMs: number;
  /** A call holding its place this long gives it up (a handler that never ends cannot shrink the door for good). */
  holdLimitMs: number;
  /** What the 503's Retry-After says. */
  retryAfterSeconds: number;
  /**
   * Whether the event loop runs late: only then are starts paced `perTurn` (a server on time, e.g.
   * answering its cached catalogue to many connections, is not slowed by the pacing a burst needs).
   */
  late: () => boolean;
  /** The clock the wait is measured on, in milliseconds. */
  now: () => number;
};

/** The event loop counts as late above this (90th percentile of its delay; idle it reads about 10–15 ms). */
const LATE_MS = 30;
const loop = createEventLoopLoad();

const ADMISSION_DEFAULTS: AdmissionOptions = {
  limit: 16,
  perTurn: 8,
  queueLimit: 2000,
  maxWaitMs: 20_000,
  holdLimitMs: 60_000,
  retryAfterSeconds: 2,
  late: () => loop.delayMs() > LATE_MS,
  now: () => performance.now(),
};

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Never queued: a call a payer waits on, our health check, or the catalogue, answered from memory
     * with no database time to share (a place in line would cost it a third of its speed, bench `api`
     * figures, ADR 040). The route declares it where its area registers it (ADR 071).
     */
    skipsTheLine?: true;
  }
  interface FastifyInstance {
    admission: Admission;
  }
}

const BUSY_CODE = "busy";

type Ticket = {
  state: "waiting" | "admitted" | "done";
  timer: NodeJS.Timeout | null;
  /** When the call's wait limit ends (AdmissionOptions.now). */
  deadline: number;
  admit: () => void;
  /** Answers 503 busy: the call waited its whole limit. */
  refuse: () => void;
  /** Gives the connection its idle limit back once the call stops waiting in line (set while it waits). */
  resumeIdleLimit: (() => void) | null;
};
const ticketOf = new WeakMap<FastifyRequest, Ticket>();

/** Whether a call waits its turn: an API call whose route does not declare `skipsTheLine`. */
const waitsItsTurn = (request: FastifyRequest) => request.url.startsWith("/api/") && !request.routeOptions.config?.skipsTheLine;

/** Every route the context registers from now on skips the line (a whole plugin's routes, such as the providers' notifications). */
export function skipTheLine(context: FastifyInstance): void {
  context.addHook("onRoute", (route) => {
    route.config = { ...route.config, skipsTheLine: true };
  });
}

export type Admission = {
  inFlight(): number;
  waiting(): number;
  /** The routes that skip the line, as "METHOD url". */
  skipping(): string[];
};

export function registerAdmission(app: FastifyInstance, overrides: Partial<AdmissionOptions> = {}): Admission {
  const options = { ...ADMISSION_DEFAULTS, ...overrides };
  let inFlight = 0;
  let startedThisTurn = 0;
  let turnEnds = false;
  const line: Ticket[] = [];
  // Every route's options, read when asked: a context's own onRoute hook (skipTheLine) runs after this one.
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => void routes.push(route));
  const canStart = () => inFlight < options.limit && (startedThisTurn < options.perTurn || !options.late());
  /** Counts a start in this turn; the count goes back to 0 in the next turn, which hands places on. */
  const started = () => {
    startedThisTurn++;
    if (turnEnds) return;
    turnEnds = true;
    setImmediate(() => {
      turnEnds = false;
      startedThisTurn = 0;
      handOn();
    });
  };

  const busy = (reply: FastifyReply) =>
    reply
      .code(503)
      .header("retry-after", String(options.retryAfterSeconds))
      .header("cache-control", "no-store")
      .send({ error: { code: BUSY_CODE, message: "Pathwise is very busy right now. Please try again in a moment." } });

  /** A place is free: the longest-waiting call gets it; one whose limit has passed (its timer not yet run on a late event loop) is refused, never served late. */
  const handOn = () => {
    while (canStart()) {
      const next = line.shift();
      if (!next) return;
      if (options.now() >= next.deadline) next.refuse();
      else next.admit();
    }
  };

  const admit = (ticket: Ticket, done: () => void) => {
    if (ticket.timer) clearTimeout(ticket.timer);
    resumeIdleLimit(ticket);
    ticket.state = "admitted";
    inFlight++;
    started();
    ticket.timer = setTimeout(() => leave(ticket), options.holdLimitMs);
    ticket.timer.unref();
    done();
  };

  const resumeIdleLimit = (ticket: Ticket) => {
    ticket.resumeIdleLimit?.();
    ticket.resumeIdleLimit = null;
  };

  /**
   * The connection's idle limit (Fastify's connectionTimeout, REQUEST_TIMEOUT_SECONDS) is for a
   * client that stops sending; a call in line has sent its whole request and waits because we chose
   * to make it wait. So its connection's idle clock stops while it waits (at most `maxWaitMs`, then
   * 503) and starts again from zero when it is admitted or leaves: the call's own work gets the
   * whole limit. Without this a call that waited 20 s had 10 s left for its work, and under a burst
   * on two instances quiz completes were cut off at 30 s as 'socket hang up' (ADR 040).
   */
  const pauseIdleLimit = (ticket: Ticket, request: FastifyRequest) => {
    const socket = request.raw.socket as (typeof request.raw.socket & { timeout?: number }) | null;
    const limit = socket?.timeout;
    if (!socket || !limit) return;
    socket.setTimeout(0);
    ticket.resumeIdleLimit = () => {
      if (!socket.destroyed) socket.setTimeout(limit);
    };
  };

  /** The call is answered, failed, abandoned or timed out: whatever it held is given back, once. */
  function leave(ticket: Ticket | undefined) {
    if (!ticket || ticket.state === "done") return;
    if (ticket.timer) clearTimeout(ticket.timer);
    if (ticket.state === "waiting") {
      resumeIdleLimit(ticket);
      const at = line.indexOf(ticket);
      if (at >= 0) line.splice(at, 1);
    } else inFlight--;
    ticket.state = "done";
    handOn();
  }

  /**
   * When each call arrived. The first call on a connection arrived with the connection: under a
   * burst, a starved event loop can take minutes to read it, and that wait is the visitor's too.
   */
  const connectedAt = new WeakMap<object, number>();
  const arrivedAt = new WeakMap<FastifyRequest, number>();
  app.server.on("connection", (socket: object) => connectedAt.set(socket, options.now()));
  app.addHook("onRequest", (request, _reply, done) => {
    const socket = request.raw.socket as object | null;
    const connected = socket ? connectedAt.get(socket) : undefined;
    if (socket && connected !== undefined) connectedAt.delete(socket);
    if (waitsItsTurn(request)) arrivedAt.set(request, connected ?? options.now());
    done();
  });

  app.addHook("preValidation", (request, reply, done) => {
    if (!waitsItsTurn(request)) return done();
    const deadline = (arrivedAt.get(request) ?? options.now()) + options.maxWaitMs;
    const ticket: Ticket = {
      state: "waiting",
      timer: null,
      deadline,
      admit: () => admit(ticket, done),
      refuse: () => {
        leave(ticket);
        if (!reply.sent && !request.raw.destroyed) void busy(reply);
      },
      resumeIdleLimit: null,
    };
    ticketOf.set(request, ticket);
    // Its limit passed while it arrived (its body read, the event loop late): refused before anything is done.
    const left = deadline - options.now();
    if (left <= 0) return ticket.refuse();
    if (canStart() && line.length === 0) return admit(ticket, done);
    if (line.length >= options.queueLimit) {
      ticket.state = "done";
      return void busy(reply);
    }
    ticket.timer = setTimeout(ticket.refuse, left);
    ticket.timer.unref();
    pauseIdleLimit(ticket, request);
    line.push(ticket);
  });
  const release = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    leave(ticketOf.get(request));
    done();
  };
  app.addHook("onResponse", release);
  app.addHook("onTimeout", release);
  app.addHook("onRequestAbort", (request, done) => {
    leave(ticketOf.get(request));
    done();
  });
  const skipping = () =>
    routes.filter((route) => route.config?.skipsTheLine).flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
  return { inFlight: () => inFlight, waiting: () => line.length, skipping };
}
