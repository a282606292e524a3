import { preferredPaper } from "./session-report.ts";

/** A4, or Letter for browsers set to a United States or Canada region (shared with the funnel's result step). */
export { preferredPaper };

export type Paper = ReturnType<typeof preferredPaper>;

export const paperName: Record<Paper, string> = { a4: "A4", letter: "US Letter" };

export const otherPaper = (paper: Paper): Paper => (paper === "a4" ? "letter" : "a4");
