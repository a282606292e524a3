/**
 * What the quiz area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // active-prompts.ts
  "GET /active-prompts":
    "title is inline text or { code } of an info-data catalogue entry, as the flow gives it; start is the path where the quiz begins; card is how the home page lists it (null when it is not listed). Listed quizzes come first, in the home page's order.",
  // answers.ts
  "POST /quiz/sessions/:id/answers":
    "The value is checked against the step's kind in the flow the session runs. At the e-mail step the session is tied to the customer with that address (created if new; nobody is logged in and that customer's other browsers get no access) and a “continue where you left off” link is e-mailed once (not to a logged-in customer: the report goes into their account). A logged-in caller's session is tied to (and confirmed for) them: their own address is the only one accepted (409 logged_in_as_other for another; nothing is saved or created). Only the browser that owns the session (or the customer who confirmed it while logged in) may answer; for anyone else the session does not exist (404). 409 flow_changed: reload the flow; 409 quiz_completed: the scored answers can no longer change.",
  // complete.ts
  "POST /quiz/sessions/:id/complete":
    "Scores come from the answers stored on the server, never from the browser. Calling it again returns the same scores. 409 quiz_incomplete names the first question on the visitor's path that still needs an answer.",
  // events.ts
  "POST /quiz/sessions/:id/events":
    "Stored with the session's variants, so conversion per step, flow and variant can be counted. Answers and completion are recorded by their own calls.",
  // sessions.ts
  "POST /quiz/sessions":
    "Gives the browser an anonymous visitor cookie (HttpOnly) when it has none. A visitor whose latest run of this flow is in progress, or finished and not paid for (started in this browser, or confirmed by the logged-in customer), gets that one back (200) with its answers; otherwise a new session starts (201). `fresh: true` (the restart link) always starts a new session and leaves the visitor's other runs as they are (ADR 077). Variants not sent are assigned here, once, and so is the order of shuffled options and groups when none is sent (ADR 067). 409 flow_changed: the browser runs another version of the flow and should reload.",
  "POST /quiz/sessions/resume":
    "The link works for 30 days, any number of times, until the quiz is finished (its report paid for or granted): then 410 quiz_finished and nothing of the session (log in to read the report). A scored quiz still opens, with the answers frozen. The session moves to this browser: it gets a visitor cookie that owns the session, and every other browser loses it (a customer tie stays confirmed only when its customer is logged in here).",
} satisfies Record<string, string>;
