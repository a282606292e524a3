type Node = { [key: string]: unknown };

/**
 * The properties of a generated JSON Schema (and, with `definitions`, the `$defs`) that carry no
 * description, directly or through the definition they refer to: what an editor's hover would
 * leave unexplained. Paths are JSON paths into the schema.
 */
export function undescribed(schema: Node, { definitions = false } = {}): string[] {
  const defs = (schema.$defs ?? {}) as Record<string, Node>;
  const described = (node: Node): boolean =>
    typeof node.description === "string" || (typeof node.$ref === "string" && described(defs[node.$ref.split("/").at(-1)!] ?? {}));
  const silent: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${path}.${i}`));
    if (typeof node !== "object" || node === null) return;
    const properties = (node as Node).properties as Record<string, Node> | undefined;
    for (const [key, value] of Object.entries(properties ?? {})) if (!described(value)) silent.push(`${path}.properties.${key}`);
    for (const [key, value] of Object.entries(node)) walk(value, `${path}.${key}`);
  };
  walk(schema, "");
  if (definitions) for (const [name, def] of Object.entries(defs)) if (!described(def)) silent.push(`$defs.${name}`);
  return silent;
}
