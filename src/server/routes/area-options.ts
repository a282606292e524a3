import type { SessionCookie } from "../plugins/auth.ts";

/** What routes/index.ts gives every area it registers: the session cookie, and the operator's token for /api/admin. */
export type AreaOptions = { cookie: SessionCookie; operatorToken?: string };
