import type { Image } from "#schemas/flow/text.ts";
import { didYouMean } from "#engine/yaml/did-you-mean.ts";
import type { CompiledFlow } from "../types.ts";
import { parseYaml, type Problem } from "#engine/yaml/parse-located.ts";

const PREFIX = "/content-images/";

type Shown = { image: Image; path: (string | number)[]; stepId?: string };

/** Every picture a flow shows (its home-page card's too), with the YAML path of its `src`. */
function imagesOf(flow: CompiledFlow): Shown[] {
  const card: Shown[] = flow.card ? [{ image: flow.card.picture, path: ["card", "picture", "src"] }] : [];
  return [
    ...card,
    ...flow.steps.flatMap((step, i) => [
      ...("image" in step && step.image ? [{ image: step.image, path: ["steps", i, "image", "src"], stepId: step.id }] : []),
      ...("options" in step
        ? step.options.flatMap((o, j) => (o.image ? [{ image: o.image, path: ["steps", i, "options", j, "image", "src"], stepId: step.id }] : []))
        : []),
    ]),
  ];
}

/**
 * Pictures that are not there: each `src` must name a file in content/images (`files`, the
 * folder's file names), or the visitor sees a broken image.
 */
export function checkImages(flows: readonly CompiledFlow[], files: readonly string[], texts: ReadonlyMap<string, string>): Problem[] {
  const known = new Set(files);
  return flows.flatMap((flow) => {
    const missing = imagesOf(flow).filter(({ image }) => !known.has(image.src.slice(PREFIX.length)));
    if (missing.length === 0) return [];
    const parsed = parseYaml(flow.file, texts.get(flow.file) ?? "");
    const locate = parsed.ok ? parsed.value.locate : () => ({ line: 1, column: 1 });
    return missing.map(({ image, path, stepId }): Problem => {
      const guess = didYouMean(
        image.src,
        files.map((f) => PREFIX + f),
      );
      return {
        file: flow.file,
        ...locate(path),
        path: path.join("."),
        ...(stepId ? { stepId } : {}),
        message: `image ${image.src} does not exist`,
        hint: guess ?? "add the file to content/images, or fix the name",
      };
    });
  });
}
