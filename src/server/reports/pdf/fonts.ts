import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FontName } from "./theme.ts";

/**
 * The report's typefaces, embedded (subset) in every PDF: Source Sans 3 for text and Source Serif 4
 * for headings, both by Adobe under the SIL Open Font License 1.1, which allows embedding them in
 * documents. They come as TrueType files inside the npm packages @expo-google-fonts/source-sans-3 and
 * @expo-google-fonts/source-serif-4 (licence text: LICENSE_FONT in each), never from the system, so
 * every machine renders the same bytes. Both cover Latin with its extensions (ë, Ł, ő, ễ …), Greek
 * and Cyrillic, typographic quotes, dashes and the arrows used here.
 */
const files: Record<FontName, string> = {
  sans: "@expo-google-fonts/source-sans-3/400Regular/SourceSans3_400Regular.ttf",
  "sans-italic": "@expo-google-fonts/source-sans-3/400Regular_Italic/SourceSans3_400Regular_Italic.ttf",
  "sans-semibold": "@expo-google-fonts/source-sans-3/600SemiBold/SourceSans3_600SemiBold.ttf",
  serif: "@expo-google-fonts/source-serif-4/400Regular/SourceSerif4_400Regular.ttf",
  "serif-semibold": "@expo-google-fonts/source-serif-4/600SemiBold/SourceSerif4_600SemiBold.ttf",
};

let loaded: [FontName, Buffer][] | null = null;

/** The font files, read once per process. */
function fontFiles(): [FontName, Buffer][] {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    loaded = Object.entries(files).map(([name, path]) => [name as FontName, readFileSync(require.resolve(path))]);
  }
  return loaded;
}

export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, data] of fontFiles()) doc.registerFont(name, data);
}
