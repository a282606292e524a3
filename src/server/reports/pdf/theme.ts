/**
 * The report's look, taken from the app's design tokens (src/web/styles/tokens.css) so the PDF and
 * the page feel like one product. Every colour used for text meets WCAG AA on the surface it is
 * used on; the ratio is noted beside it.
 */
export const colors = {
  ink: "#17212b", // 16.1:1 on white, 15.1:1 on bg
  muted: "#4a5563", // 7.5:1 on white, 6.6:1 on tint
  primary: "#0b6b5f", // 6.3:1 on white, 5.9:1 on bg
  primaryStrong: "#08564c", // 8.6:1 on white, 7.2:1 on primarySoft
  primarySoft: "#dcefe8",
  onPrimary: "#ffffff", // 6.4:1 on primary, 8.6:1 on primaryStrong
  tint: "#e8f1ee",
  bg: "#f7f6f2",
  white: "#ffffff",
  border: "#d5ddd9", // decorative only
  borderStrong: "#6f7e7a",
  highlight: "#f2c46d", // decorative accent, never text
  watch: "#6e4a00", // 7.0:1 on watchSoft
  watchSoft: "#fbefd6",
  help: "#7a3557", // 7.2:1 on helpSoft
  helpSoft: "#f7e8ef",
} as const;

/** Registered font names (see fonts.ts). */
export type FontName = "sans" | "sans-italic" | "sans-semibold" | "serif" | "serif-semibold";

export type TextStyle = {
  font: FontName;
  size: number;
  /** Line height in points. */
  leading: number;
  color: string;
  /** Extra space between characters, in points. */
  tracking?: number;
  /** An absolute http(s) or mailto address: the text becomes a link. */
  link?: string;
  underline?: boolean;
};

const style = (font: FontName, size: number, leading: number, color: string, extra: Partial<TextStyle> = {}): TextStyle => ({
  font,
  size,
  leading,
  color,
  ...extra,
});

export const type = {
  body: style("sans", 11, 16.5, colors.ink),
  bodyStrong: style("sans-semibold", 11, 16.5, colors.ink),
  small: style("sans", 9.5, 13.5, colors.muted),
  smallStrong: style("sans-semibold", 9.5, 13.5, colors.ink),
  caption: style("sans-italic", 9.5, 13.5, colors.muted),
  eyebrow: style("sans-semibold", 8, 11, colors.primaryStrong, { tracking: 0.6 }),
  sectionTitle: style("serif-semibold", 21, 26, colors.ink),
  heading: style("serif-semibold", 14, 19, colors.ink),
  cardTitle: style("serif-semibold", 13.5, 18, colors.ink),
  link: style("sans-semibold", 11, 16.5, colors.primary, { underline: true }),
  footer: style("sans", 8, 11, colors.muted),
} as const;

/** Vertical rhythm, in points. */
export const space = {
  paragraph: 8,
  block: 14,
  heading: 20,
  section: 34,
  /** A section title needs at least this much room below it on its page, or it starts the next page. */
  sectionKeep: 150,
} as const;

export type Paper = "a4" | "letter";

/** Page sizes in points (ISO A4 and US Letter) and the margins of the text frame. */
export const pages: Record<Paper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

export const margins = { top: 64, bottom: 76, side: 78, footer: 40 } as const;
