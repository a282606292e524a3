import type { CompiledFlow } from "../types.ts";

/** A flow as the browser gets it (its build chunk, GET /api/quiz/flows/:code): without its follow-up e-mails, which only the server sends. */
export const forBrowser = ({ follow_ups: _server, ...f }: CompiledFlow): Omit<CompiledFlow, "follow_ups"> => f;
