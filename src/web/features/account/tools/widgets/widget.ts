import type { ComponentType } from "react";
import type { z } from "zod";

/** What every widget receives: the tool's config, the entry being edited, and the way to change it. */
export type WidgetProps<C, V> = { config: C; value: V; onChange: (value: V) => void };

/**
 * Everything the tool page needs to know about one kind of tool: how to read its config, the
 * widget that edits an entry, a fresh entry, a saved entry read back, and a one-line summary for
 * the list of saved entries.
 */
export type WidgetSpec<C, V> = {
  config: z.ZodType<C>;
  Component: ComponentType<WidgetProps<C, V>>;
  blank: (config: C) => V;
  /** A saved entry's data as the widget's value; null when it no longer fits the config. */
  fromSaved: (config: C, data: unknown) => V | null;
  summary: (config: C, value: V) => string;
};

/** `fromSaved` for a kind: the entry schema's parse, which also fills in defaults. */
export const savedWith =
  <C, V>(entry: (config: C) => z.ZodType<V, unknown>) =>
  (config: C, data: unknown): V | null => {
    const parsed = entry(config).safeParse(data);
    return parsed.success ? parsed.data : null;
  };
