/**
 * Which source module a lazily loaded page came from, for the server's renderer: its build marks every
 * function a lazy `import()` brings (scripts/vite/ssr-bundle-plugin.ts), so a rendered page can name
 * the modules whose CSS and scripts its head must fetch (ADR 039). The browser build has no marks.
 */
const MODULE = Symbol.for("pathwise.source-module");

type Marked = { [MODULE]?: string };

/**
 * Marks what `loading` exports with `id` (a path from the project root); the first mark stays.
 *
 * @public called by the code scripts/vite/ssr-bundle-plugin.ts writes around each lazy `import()`.
 */
export function markModule<T>(loading: Promise<T>, id: string): Promise<T> {
  return loading.then((loaded) => {
    for (const value of Object.values(loaded as object))
      if (typeof value === "function" && !Object.prototype.hasOwnProperty.call(value, MODULE)) Object.defineProperty(value, MODULE, { value: id });
    return loaded;
  });
}

/** The source module a component (or an element's component) was marked with. */
export function moduleOf(component: unknown): string | undefined {
  const type = typeof component === "object" && component !== null && "type" in component ? component.type : component;
  return typeof type === "function" ? (type as Marked)[MODULE] : undefined;
}
